// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// The loop runs at least once (0 < 1024), and every iteration ends with a
// barrier, so the stores to `tile` before the loop and the reuse of the same
// buffer after it are in different barrier intervals.
#define LEN 1024

__global__ void reuse_after_loop(const float *in, float *out) {
    __shared__ float tile[64];
    __shared__ float part[64];
    tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    float best = 0.0f;
    for (int base = 0; base < LEN; base += 64) {
        part[threadIdx.x] = in[base + threadIdx.x];
        __syncthreads();
        best += part[(threadIdx.x + 1) % 64] * tile[threadIdx.x];
        __syncthreads();
    }
    tile[(threadIdx.x + 1) % 64] = best;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = tile[threadIdx.x];
}
