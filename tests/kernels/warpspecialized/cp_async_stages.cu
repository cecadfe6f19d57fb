// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Two cp.async groups in flight: `wait_group 1` completes the first (the
// second may still land), so stage 0 is read after the first barrier and
// stage 1 only after `wait_group 0` and the second barrier.

__device__ void copy16(float *dst, const float *src) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n"
                 :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(src));
}

__global__ void two_stages(const float *in, float *out) {
    __shared__ float stage0[64];
    __shared__ float stage1[64];
    copy16(&stage0[threadIdx.x], &in[threadIdx.x]);
    asm volatile("cp.async.commit_group;\n" ::);
    copy16(&stage1[threadIdx.x], &in[64 + threadIdx.x]);
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 1;\n" ::);
    __syncthreads();
    float a = stage0[63 - threadIdx.x];
    asm volatile("cp.async.wait_group 0;\n" ::);
    __syncthreads();
    out[threadIdx.x] = a + stage1[63 - threadIdx.x];
}
