// expect-verdict: race-free
//--blockDim=512 --gridDim=64
// A reduction unrolled by a template and a macro: nine barrier intervals,
// each with a guarded read-modify-write of the shared partial sums.

#define FOLD(s)                                  \
    if (BLOCK >= 2 * (s)) {                      \
        if (tid < (s)) {                         \
            sdata[tid] += sdata[tid + (s)];      \
        }                                        \
        __syncthreads();                         \
    }

template <unsigned BLOCK>
__global__ void reduce_unrolled(const float *in, float *out, unsigned n) {
    __shared__ float sdata[BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * BLOCK * 2 + tid;
    unsigned grid = BLOCK * 2 * gridDim.x;
    float sum = 0;
    while (i < n) {
        sum += in[i];
        if (i + BLOCK < n) {
            sum += in[i + BLOCK];
        }
        i += grid;
    }
    sdata[tid] = sum;
    __syncthreads();
    FOLD(256) FOLD(128) FOLD(64) FOLD(32) FOLD(16) FOLD(8) FOLD(4) FOLD(2) FOLD(1)
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}

template __global__ void reduce_unrolled<512>(const float *, float *, unsigned);
