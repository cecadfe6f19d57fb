// expect-verdict: racy
//--blockDim=512 --gridDim=64
// As unrolled_reduction.cu, with the barrier after the 16-wide fold missing:
// the 8-wide fold reads sdata[tid + 8] while other threads still add into it.

#define FOLD(s)                                  \
    if (BLOCK >= 2 * (s)) {                      \
        if (tid < (s)) {                         \
            sdata[tid] += sdata[tid + (s)];      \
        }                                        \
        __syncthreads();                         \
    }

template <unsigned BLOCK>
__global__ void reduce_unrolled_missing(const float *in, float *out, unsigned n) {
    __shared__ float sdata[BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * BLOCK * 2 + tid;
    sdata[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    FOLD(256) FOLD(128) FOLD(64) FOLD(32)
    if (tid < 16) {
        sdata[tid] += sdata[tid + 16]; //~ race
    }
    FOLD(8) FOLD(4) FOLD(2) FOLD(1)
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}

template __global__ void reduce_unrolled_missing<512>(const float *, float *, unsigned);
