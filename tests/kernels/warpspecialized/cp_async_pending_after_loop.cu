// expect-verdict(older_copy_after_loop): racy
// expect-verdict(uncommitted_copies_after_loop): racy
// expect-verdict(all_but_last_waited_after_loop): inconclusive
// expect-verdict(all_waited_after_loop): inconclusive
//--blockDim=64 --gridDim=1
// Copies issued in a loop with no wait inside: after the loop, the copy of
// every iteration may still be in flight, not only the last one's. Reading
// buf[0] after a block barrier races with the copy of k = 6 (the last
// iteration, k = 7, copies into buf[1]); so it does when nothing is
// committed. `__pipeline_wait_prior(1)` completes every group but the
// last, which writes buf[1] only; `__pipeline_wait_prior(0)` completes all.
// Those two are not race-free, though: with no wait in the body, the
// thread's copies of iterations k and k + 2 write the same bytes while both
// in flight (they land in either order, so buf[0] may end up with tile 4's
// value). The probe of a copy carried from an earlier iteration with no
// wait has arbitrary operands, so that pair is inconclusive, not a witness.

#include <cuda_pipeline.h>

__global__ void older_copy_after_loop(const float *in, float *out) {
    __shared__ float buf[2][64];
    for (int k = 0; k < 8; k++) {
        __pipeline_memcpy_async(&buf[k % 2][threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float)); //~ async-copy write-read
        __pipeline_commit();
    }
    __syncthreads();
    out[threadIdx.x] = buf[0][63 - threadIdx.x]; //~ async-copy read-write
}

__global__ void uncommitted_copies_after_loop(const float *in, float *out) {
    __shared__ float buf[2][64];
    for (int k = 0; k < 8; k++) {
        __pipeline_memcpy_async(&buf[k % 2][threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float)); //~ async-copy write-read
    }
    __syncthreads();
    out[threadIdx.x] = buf[0][63 - threadIdx.x]; //~ async-copy read-write
}

__global__ void all_but_last_waited_after_loop(const float *in, float *out) {
    __shared__ float buf[2][64];
    for (int k = 0; k < 8; k++) {
        __pipeline_memcpy_async(&buf[k % 2][threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
    }
    __pipeline_wait_prior(1);
    __syncthreads();
    out[threadIdx.x] = buf[0][63 - threadIdx.x];
}

__global__ void all_waited_after_loop(const float *in, float *out) {
    __shared__ float buf[2][64];
    for (int k = 0; k < 8; k++) {
        __pipeline_memcpy_async(&buf[k % 2][threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
    }
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = buf[0][63 - threadIdx.x] + buf[1][63 - threadIdx.x];
}
