// expect-verdict(commit_on_every_path): race-free
// expect-verdict(commit_in_a_branch): racy
//--blockDim=128 --gridDim=1
// `__pipeline_wait_prior(1)` completes every group but the most recent one.
// In `commit_in_a_branch` the second commit runs only when `extra` is set:
// when it is not, the group holding the copy is the most recent one and may
// still be in flight at the read. A commit inside a branch counts only on the
// path that runs it.

#include <cuda_pipeline.h>

__global__ void commit_on_every_path(const float *in, float *out, int extra) {
    __shared__ float buf[128];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x];
}

__global__ void commit_in_a_branch(const float *in, float *out, int extra) {
    __shared__ float buf[128];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float)); //~ async-copy write-read
    __pipeline_commit();
    if (extra)
        __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x]; //~ async-copy read-write
}
