// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A braced argument `fill(out, {lo, 4}, v)` builds the struct parameter, and
// a local float viewed as `__half2` (`(const __half2 *)&v.x`) reads its bytes.

#include <cuda_fp16.h>

struct Range {
    int lo;
    int len;
};

__device__ void fill(float *out, const Range &r, float v) {
    for (int k = 0; k < r.len; k++)
        out[r.lo + k] = v;
}

__global__ void spread(float *out, const float4 *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = in[i];
    const __half2 *h = (const __half2 *)&v.y;
    float x = __low2float(*h) + static_cast<float>(h->y);
    fill(out, {i * 4, 4}, x);
}
