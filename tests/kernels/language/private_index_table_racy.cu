// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The second slot of thread t is the first slot of thread t + 1.

__global__ void scatter_overlap(const float *in, float *out) {
    __shared__ float s[256];
    int slot[2];
    slot[0] = threadIdx.x;
    slot[1] = threadIdx.x + 1;
    for (int k = 0; k < 2; ++k) {
        s[slot[k]] = in[blockIdx.x * 256 + slot[k]]; //~ race write-write
    }
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
