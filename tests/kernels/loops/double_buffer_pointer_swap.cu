// expect-verdict: race-free
//--blockDim=256 --gridDim=16
// Double buffering by pointer swap: each step reads `cur` and writes `nxt`,
// then one barrier and a swap. The two pointers' selectors start related
// (on different buffers) and the swap keeps the relation, which the loop
// invariant search proves (a pairwise `v == w` / `v != w` candidate); so in
// one step `cur` and `nxt` are different buffers, and the barrier orders
// each step's writes of `nxt` before the next step's reads of it as `cur`.

#define BS 256

__global__ void jacobi(float *u, int steps) {
    __shared__ float bufA[BS + 2];
    __shared__ float bufB[BS + 2];
    float *cur = bufA, *nxt = bufB;
    int i = threadIdx.x + 1;
    int g = blockIdx.x * BS + threadIdx.x;
    cur[i] = u[g];
    if (threadIdx.x == 0) {
        cur[0] = 0.0f;
        cur[BS + 1] = 0.0f;
        nxt[0] = 0.0f;
        nxt[BS + 1] = 0.0f;
    }
    __syncthreads();
    for (int s = 0; s < steps; ++s) {
        nxt[i] = 0.5f * cur[i] + 0.25f * (cur[i - 1] + cur[i + 1]);
        __syncthreads();
        float *t = cur;
        cur = nxt;
        nxt = t;
    }
    u[g] = cur[i];
}
