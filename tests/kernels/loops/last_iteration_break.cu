// expect-verdict: race-free
//--blockDim=64 --gridDim=8
// A stencil of `rounds` rounds in shared memory: the last round leaves by a
// `break` before the copy back, and its flag (threads r + 1 .. 62 - r, which
// own their element) decides who writes the result. The exit state is the
// one at the `break`; two blocks never write one element.

__global__ void stencil_rounds(const int *in, int *out, int rounds) {
    __shared__ int prev[64];
    __shared__ int next[64];
    int owned = 64 - 2 * rounds;
    int x = blockIdx.x * owned - rounds + threadIdx.x;
    int left = threadIdx.x > 0 ? threadIdx.x - 1 : 0;
    int right = threadIdx.x < 63 ? threadIdx.x + 1 : 63;
    prev[threadIdx.x] = in[x];
    __syncthreads();
    bool computed = false;
    for (int r = 0; r < rounds; r++) {
        computed = false;
        if (threadIdx.x > r && threadIdx.x < 63 - r) {
            computed = true;
            next[threadIdx.x] = prev[left] + prev[threadIdx.x] + prev[right];
        }
        __syncthreads();
        if (r == rounds - 1)
            break;
        if (computed)
            prev[threadIdx.x] = next[threadIdx.x];
        __syncthreads();
    }
    if (computed)
        out[x] = next[threadIdx.x];
}
