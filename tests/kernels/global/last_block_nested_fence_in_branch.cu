// expect-verdict: race-free
//--blockDim=256 --gridDim=32
// The last-block idiom nested in `if (gridDim.x > 1)`, with the fence inside
// thread 0's ticket branch and the block's result stored by thread 0 earlier,
// in its own `if` (program order puts it before the fence).

__device__ unsigned int count = 0;

__global__ void grid_max(const int *in, int *part, int n) {
    __shared__ bool is_last;
    unsigned int tid = threadIdx.x;
    if (tid == 0) {
        int m = in[blockIdx.x];
        for (int k = 1; k < n; ++k)
            m = max(m, in[blockIdx.x + k * gridDim.x]);
        part[blockIdx.x] = m;
    }
    if (gridDim.x > 1) {
        if (tid == 0) {
            __threadfence();
            unsigned int ticket = atomicInc(&count, gridDim.x); //~ assumption
            is_last = (ticket == gridDim.x - 1);
        }
        __syncthreads();
        if (is_last) {
            if (tid == 0) {
                int m = part[0];
                for (unsigned int b = 1; b < gridDim.x; ++b)
                    m = max(m, part[b]);
                part[0] = m;
                count = 0;
            }
        }
    }
}
