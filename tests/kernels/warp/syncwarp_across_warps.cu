// expect-verdict: racy
//--blockDim=64 --gridDim=1
// __syncwarp() orders the threads of one warp only: thread t reads what thread
// t + 32 of the other warp writes.

__global__ void warp_swap(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid; //~ race write-read
    __syncwarp();
    int v = s[(tid + 32) % 64];
    out[tid] = v;
}
