// expect-verdict(double_buffered): race-free
// expect-verdict(double_buffered_ptx): race-free
// expect-verdict(wait_too_weak): racy
// expect-verdict(overwrite_while_read): racy
//--blockDim=64 --gridDim=1
// The double-buffered cp.async loop: tile 0 is copied before the loop; each
// iteration copies tile k + 1 into the other buffer, waits for all but the
// newest group (tile k), synchronizes, computes on tile k and synchronizes
// again before the next iteration overwrites the buffer just read. Twins:
// `wait_prior(2)` leaves tile k in flight while it is read; without the
// second barrier, a fast thread's next copy overwrites the buffer slower
// threads still read.

#include <cuda_pipeline.h>

__global__ void double_buffered(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x],
                                &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__device__ void copy4(float *dst, const float *src) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n"
                 :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(src));
}

__global__ void double_buffered_ptx(const float *in, float *out) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    copy4(&buf[0][threadIdx.x], &in[threadIdx.x]);
    asm volatile("cp.async.commit_group;\n" ::);
    for (int k = 0; k < 8; ++k) {
        copy4(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x]);
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void wait_too_weak(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float)); //~ async-copy write-read
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x], //~ async-copy
                                &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(2);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void overwrite_while_read(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x], //~ async-copy write-read
                                &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
    }
    out[threadIdx.x] = acc;
}
