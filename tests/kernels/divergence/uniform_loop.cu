// expect-verdict: race-free
//--blockDim=64 --gridDim=1

__global__ void uniform_loop_sync(int *out, unsigned n) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    int acc = 0;
    for (unsigned i = 0; i < n; i++) {
        s[tid] = acc + (int)i;
        __syncthreads();
        acc += s[(tid + i) % 64];
        __syncthreads();
    }
    out[tid] = acc;
}
