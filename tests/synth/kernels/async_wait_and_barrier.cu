// Each thread stores an element another thread reads, and reads its own
// asynchronous copy before waiting for it: the repair needs both a wait
// (a barrier does not complete a copy) and a barrier (a wait does not
// order another thread's store). `fix` inserts the wait, then places the
// barrier in the text with the wait.
//--blockDim=64 --gridDim=1
#include <cuda_pipeline.h>

__global__ void wait_and_barrier(const float *in, float *out) {
    __shared__ float buf[64];
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __pipeline_memcpy_async(&buf[t], &in[64 + t], sizeof(float));
    __pipeline_commit();
    out[t] = s[63 - t] + buf[t];
    __pipeline_wait_prior(0);
}
