// expect-verdict(commits_in_loop_wait_all): race-free
// expect-verdict(commits_in_loop_may_not_run): racy
//--blockDim=64 --gridDim=1
// Commits inside a loop count only on the paths that run its body: with
// `n == 0` the loop commits nothing, so `__pipeline_wait_prior(1)` after it
// leaves the only group (the copy) in flight while it is read. Waiting for
// every group is race-free whatever `n` is.

#include <cuda_pipeline.h>

__global__ void commits_in_loop_wait_all(const float *in, float *out, int n) {
    __shared__ float a[64];
    __pipeline_memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int i = 0; i < n; ++i) {
        __pipeline_commit();
    }
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x];
}

__global__ void commits_in_loop_may_not_run(const float *in, float *out, int n) {
    __shared__ float a[64];
    __pipeline_memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float)); //~ async-copy write-read
    __pipeline_commit();
    for (int i = 0; i < n; ++i) {
        __pipeline_commit();
    }
    __pipeline_wait_prior(1);
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x]; //~ async-copy read-write
}
