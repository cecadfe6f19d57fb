// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// A block walks its region [start, stop) in windows of a block's width: the
// window start `w` is bounded by the loop condition, the element `i = w + tx`
// only by the guard `i < stop`. Both are `int`s stepped in `unsigned` (`+=
// blockDim.x`), which may wrap without a signed overflow; `i` alone could
// then wrap into another block's region. Stepped together by the same amount
// once per iteration, `i - w` stays `tx` (modulo 2^32), and `w` does not wrap
// (the counter assumption: `w < stop` with a small step), so `i` stays in
// its block's region.

__global__ void window_by_block_width(const float *in, float *out, int n) {
    int region = n / gridDim.x;
    int start = blockIdx.x * region;
    int stop = (blockIdx.x == gridDim.x - 1) ? n : start + region;
    int i = start + threadIdx.x;
    int w = start;
    while (w < stop) {
        if (i < stop)
            out[i] = in[i] * 2.0f;
        __syncthreads();
        w += blockDim.x;
        i += blockDim.x;
    }
}

// A step that is not a constant under the launch (1 to 256): the relation
// needs no iteration count.
__global__ void window_by_parameter(const float *in, float *out, int n, int m) {
    int region = n / gridDim.x;
    int start = blockIdx.x * region;
    int stop = (blockIdx.x == gridDim.x - 1) ? n : start + region;
    unsigned s = (unsigned)(m & 255) + 1u;
    int i = start + threadIdx.x;
    int w = start;
    while (w < stop) {
        if (i < stop)
            out[i] = in[i] * 2.0f;
        __syncthreads();
        i += s;
        w += s;
    }
}
