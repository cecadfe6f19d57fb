// expect-verdict(ring_three_stages): race-free
// expect-verdict(ring_four_stages): race-free
// expect-verdict(ring_wait_too_weak): racy
// expect-verdict(ring_reads_next_stage): racy
// expect-verdict(ring_more_stages_than_buffers): racy
// expect-verdict(ring_overwrite_while_read): racy
//--blockDim=64 --gridDim=1
// A multi-stage __pipeline_memcpy_async ring buffer: the prologue issues
// S - 1 copies (stages 0 .. S - 2), each iteration k issues stage k + S - 1
// into slot (k + S - 1) % S, commits, and `__pipeline_wait_prior(S - 1)`
// completes stage k, which the block then reads. A prologue copy stays in
// flight into the loop: stage j is completed by the wait of iteration j, so
// it may land in iterations 0 .. j only. Twins: a wait one stage too weak
// (stage k still in flight while read); reading stage k + 1, completed one
// iteration later; three stages in flight over two buffers (the copy of
// iteration k overwrites the slot read in iteration k); no barrier after
// the read (a fast thread's next copy overwrites the slot others read).

#include <cuda_pipeline.h>

__global__ void ring_three_stages(const float *in, float *out) {
    __shared__ float buf[3][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < 8; ++k) {
        __pipeline_memcpy_async(&buf[(k + 2) % 3][threadIdx.x],
                                &in[(k + 2) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(2);
        __syncthreads();
        acc += buf[k % 3][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void ring_four_stages(const float *in, float *out, int tiles) {
    __shared__ float buf[4][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[2][threadIdx.x], &in[128 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[(k + 3) % 4][threadIdx.x],
                                &in[(k + 3) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(3);
        __syncthreads();
        acc += buf[k % 4][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void ring_wait_too_weak(const float *in, float *out) {
    __shared__ float buf[3][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float)); //~ async-copy write-read
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float)); //~ async-copy write-read
    __pipeline_commit();
    for (int k = 0; k < 8; ++k) {
        __pipeline_memcpy_async(&buf[(k + 2) % 3][threadIdx.x], //~ async-copy, async-copy write-read
                                &in[(k + 2) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(3);
        __syncthreads();
        acc += buf[k % 3][63 - threadIdx.x]; //~ async-copy read-write
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void ring_reads_next_stage(const float *in, float *out) {
    __shared__ float buf[3][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float)); //~ async-copy write-read
    __pipeline_commit();
    for (int k = 0; k < 8; ++k) {
        __pipeline_memcpy_async(&buf[(k + 2) % 3][threadIdx.x], //~ async-copy write-read
                                &in[(k + 2) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(2);
        __syncthreads();
        acc += buf[(k + 1) % 3][63 - threadIdx.x]; //~ async-copy read-write
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void ring_more_stages_than_buffers(const float *in, float *out) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < 8; ++k) {
        __pipeline_memcpy_async(&buf[(k + 2) % 2][threadIdx.x], //~ async-copy, async-copy write-read
                                &in[(k + 2) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(2);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x]; //~ async-copy read-write
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void ring_overwrite_while_read(const float *in, float *out) {
    __shared__ float buf[3][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < 8; ++k) {
        __pipeline_memcpy_async(&buf[(k + 2) % 3][threadIdx.x], //~ async-copy write-read
                                &in[(k + 2) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(2);
        __syncthreads();
        acc += buf[k % 3][63 - threadIdx.x]; //~ async-copy read-write
    }
    out[threadIdx.x] = acc;
}
