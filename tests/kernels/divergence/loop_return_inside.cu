// expect-verdict: divergent
//--blockDim=64 --gridDim=1
// A thread-dependent return inside the loop: later passes run without the
// threads that returned.

__global__ void drain(const int *len, int *out) {
    __shared__ int s[64];
    int n = len[threadIdx.x];
    for (;;) {
        s[threadIdx.x] = n;
        __syncthreads(); //~ divergence
        out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
        __syncthreads(); //~ divergence
        if (--n <= 0) return;
    }
}
