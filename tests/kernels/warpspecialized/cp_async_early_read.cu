// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Buggy twin of cp_async_stages.cu: stage 1 is read after `wait_group 1`,
// which leaves the most recent group (stage 1's copy) in flight.

__device__ void copy16(float *dst, const float *src) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n"
                 :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(src));
}

__global__ void early_read(const float *in, float *out) {
    __shared__ float stage0[64];
    __shared__ float stage1[64];
    copy16(&stage0[threadIdx.x], &in[threadIdx.x]);
    asm volatile("cp.async.commit_group;\n" ::);
    copy16(&stage1[threadIdx.x], &in[64 + threadIdx.x]);
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 1;\n" ::);
    __syncthreads();
    out[threadIdx.x] = stage0[63 - threadIdx.x] + stage1[63 - threadIdx.x]; //~ async-copy read-write
}
