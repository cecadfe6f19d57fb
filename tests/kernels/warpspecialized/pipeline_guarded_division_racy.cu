// expect-verdict: racy
//--gridDim=1
// A copy issued under `if (d != 0)` lands at the wait whether or not it was
// issued; its address `g[threadIdx.x / d]` must not make `d != 0` an
// assumption of the whole kernel: with d == 0 every thread writes r[0].
#include <cuda_pipeline.h>

__global__ void guarded_copy(int *g, int *out, int d) {
    __shared__ int s[64];
    __shared__ int r[64];
    r[threadIdx.x] = 0;
    if (d == 0)
        r[0] = threadIdx.x; //~ race write-write
    if (d != 0)
        __pipeline_memcpy_async(&s[threadIdx.x], &g[threadIdx.x / d], sizeof(int));
    __pipeline_commit();
    __syncthreads(); // the copy may land at this barrier (replayed here)
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + r[threadIdx.x];
}
