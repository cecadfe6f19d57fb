// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// Structure-of-arrays tiles in shared memory: `size` is blockDim.x at the
// head of every iteration that runs (it shrinks to n - j only in the last
// tile, after which j reaches n): the inductive invariant
// `j < n => size == blockDim.x` that the checker finds. In the last tile
// `j + lid < n` keeps lid below size, so s[lid + size] is never another
// thread's s[lid]. With `size` unknown at the loop head (size = -1), thread 1's
// s[lid] would be thread 0's s[lid + size].

__global__ void tiles(const float *in, float *out, int n) {
    __shared__ float s[128];
    int lid = threadIdx.x;
    int size = blockDim.x;
    float acc = 0.0f;
    for (int j = 0; j < n; j += size) {
        if (j + size > n)
            size = n - j;
        if (j + lid < n) {
            s[lid] = in[j + lid];
            s[lid + size] = 2.0f * in[j + lid];
        }
        __syncthreads();
        for (int i = 0; i < size; i++)
            acc += s[i] * s[i + size];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + lid] = acc;
}
