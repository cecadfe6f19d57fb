// expect-verdict: racy
//--blockDim=64 --gridDim=4
// The same loop with a bound the kernel does not know: with `len <= 0` it
// runs zero times and no barrier separates the first stores to `tile` from
// the stores after the loop.

__global__ void reuse_after_loop_unknown(const float *in, float *out, int len) {
    __shared__ float tile[64];
    __shared__ float part[64];
    tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x]; //~ race write-write
    float best = 0.0f;
    for (int base = 0; base < len; base += 64) {
        part[threadIdx.x] = in[base + threadIdx.x];
        __syncthreads();
        best += part[(threadIdx.x + 1) % 64] * tile[threadIdx.x];
        __syncthreads();
    }
    tile[(threadIdx.x + 1) % 64] = best;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = tile[threadIdx.x];
}
