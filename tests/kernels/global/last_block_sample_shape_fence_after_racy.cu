// expect-verdict: racy
//--blockDim=128 --gridDim=64
// Twin of last_block_sample_shape.cu: the block's result is stored after the
// fence (in its own `if (tid == 0)`): the fence does not order it before the
// ticket, so the last block may read it before it is visible.

__device__ unsigned int retired = 0;

__global__ void sum_partials(const float *in, float *partial) {
    __shared__ bool am_last;
    unsigned int tid = threadIdx.x;
    if (gridDim.x > 1) {
        __threadfence();
        if (tid == 0)
            partial[blockIdx.x] = in[blockIdx.x]; //~ race
        if (tid == 0) {
            unsigned int ticket = atomicInc(&retired, gridDim.x);
            am_last = (ticket == gridDim.x - 1);
        }
        __syncthreads();
        if (am_last) {
            if (tid == 0) {
                float t = 0.0f;
                for (unsigned int j = 0; j < gridDim.x; ++j)
                    t += partial[j];
                partial[0] = t; //~ race
                retired = 0;
            }
        }
    }
}
