// expect-verdict: race-free
//--blockDim=128 --gridDim=64
// The CUDA samples' threadFenceReduction shape of the last-block idiom: thread
// 0 stores the block's result in its own `if`, and the ticket sits inside
// `if (gridDim.x > 1)` (grid-uniform: every block takes it or none does) after
// a `__threadfence()` that every thread runs. Thread 0's store precedes its
// fence in program order, so the last block sees it.

__device__ unsigned int retired = 0;

__global__ void sum_partials(const float *in, float *partial) {
    __shared__ float buf[128];
    __shared__ bool am_last;
    unsigned int tid = threadIdx.x;
    buf[tid] = in[blockIdx.x * 128 + tid];
    __syncthreads();
    for (unsigned int s = 64; s > 0; s >>= 1) {
        if (tid < s)
            buf[tid] += buf[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = buf[0];
    if (gridDim.x > 1) {
        __threadfence();
        if (tid == 0) {
            unsigned int ticket = atomicInc(&retired, gridDim.x); //~ assumption
            am_last = (ticket == gridDim.x - 1);
        }
        __syncthreads();
        if (am_last) {
            float s = 0.0f;
            for (unsigned int j = tid; j < gridDim.x; j += 128)
                s += partial[j];
            __syncthreads();
            buf[tid] = s;
            __syncthreads();
            if (tid == 0) {
                float t = 0.0f;
                for (unsigned int j = 0; j < 128; ++j)
                    t += buf[j];
                partial[0] = t;
                retired = 0;
            }
        }
    }
}
