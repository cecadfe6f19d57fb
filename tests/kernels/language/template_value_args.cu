// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// Explicit template arguments that name values (an enumerator, the caller's
// own non-type template parameter) bind the callee's non-type parameters.

enum class Op { Min, Max };

template <Op op>
__device__ float combine(float a, float b) {
    return op == Op::Min ? fminf(a, b) : fmaxf(a, b);
}

template <Op op, int width>
__device__ void pairwise(float *dst, const float *buf, int tid) {
    if (tid + width < 256)
        dst[tid] = combine<op>(buf[tid], buf[tid + width]);
}

template <Op op>
__global__ void reduce_pairs(float *data) {
    __shared__ float buf[256 + 8];
    __shared__ float res[256];
    int tid = threadIdx.x;
    buf[tid] = data[blockIdx.x * 256 + tid];
    __syncthreads();
    float mine = buf[tid];
    __syncthreads();
    buf[tid] = combine<op>(mine, 0.0f);
    __syncthreads();
    pairwise<Op::Max, 4>(res, buf, tid);
    __syncthreads();
    data[blockIdx.x * 256 + tid] = res[tid];
}
