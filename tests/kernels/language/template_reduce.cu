// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// A template kernel is analysed generically, for any T and block size.

template <typename T, unsigned BLOCK>
__global__ void block_sum(const T *in, T *out) {
    __shared__ T partial[BLOCK];
    unsigned tid = threadIdx.x;
    partial[tid] = in[blockIdx.x * BLOCK + tid];
    __syncthreads();
    for (unsigned stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (tid < stride) {
            partial[tid] += partial[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[blockIdx.x] = partial[0];
    }
}
