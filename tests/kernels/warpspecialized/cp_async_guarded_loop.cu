// expect-verdict(guarded_prefetch): race-free
// expect-verdict(guarded_prefetch_no_second_sync): racy
// expect-verdict(guarded_commit_else_wait): race-free
// expect-verdict(guarded_commit_else_no_wait): racy
// expect-verdict(guarded_producers): race-free
// expect-verdict(guarded_producers_no_wait): racy
//--blockDim=64 --gridDim=1
// Copies issued under a condition inside a loop: the prefetch of tile k + 1
// runs only while there is one, or only the producer warp copies. A copy
// lands only on the paths (and in the iterations) that issued it, and a wait
// in each arm of an if/else completes it. Twins: the overwrite of a buffer
// still being read (no second barrier), the last tile read in flight (no
// wait in the else arm), the producers' copy read without a wait.

#include <cuda_pipeline.h>

__global__ void guarded_prefetch(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        if (k + 1 < tiles) {
            __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x],
                                    &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        }
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void guarded_prefetch_no_second_sync(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        if (k + 1 < tiles) {
            __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x], //~ async-copy write-read
                                    &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        }
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
    }
    out[threadIdx.x] = acc;
}

__global__ void guarded_commit_else_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        if (k + 1 < tiles) {
            __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x],
                                    &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
            __pipeline_commit();
            __pipeline_wait_prior(1);
        } else {
            __pipeline_wait_prior(0);
        }
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void guarded_commit_else_no_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float)); //~ async-copy
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        if (k + 1 < tiles) {
            __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x], //~ async-copy
                                    &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
            __pipeline_commit();
            __pipeline_wait_prior(1);
        }
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void guarded_producers(const float *in, float *out, int tiles) {
    __shared__ float buf[32];
    float acc = 0.0f;
    for (int k = 0; k < tiles; ++k) {
        if (threadIdx.x < 32) {
            __pipeline_memcpy_async(&buf[threadIdx.x], &in[k * 32 + threadIdx.x], sizeof(float));
            __pipeline_commit();
        }
        __pipeline_wait_prior(0);
        __syncthreads();
        acc += buf[31 - threadIdx.x % 32];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void guarded_producers_no_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[32];
    float acc = 0.0f;
    for (int k = 0; k < tiles; ++k) {
        if (threadIdx.x < 32) {
            __pipeline_memcpy_async(&buf[threadIdx.x], &in[k * 32 + threadIdx.x], sizeof(float)); //~ async-copy
            __pipeline_commit();
        }
        __syncthreads();
        acc += buf[31 - threadIdx.x % 32];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}
