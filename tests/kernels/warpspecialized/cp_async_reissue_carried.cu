// expect-verdict(cp_async_reissue_without_wait): inconclusive
// expect-verdict(cp_async_reissue_before_wait): racy
// expect-verdict(cp_async_wait_before_reissue): race-free
// expect-verdict(cp_async_reissue_other_parity): race-free
//--blockDim=64 --gridDim=1
// The shapes of pipeline_reissue_carried.cu with inline-PTX cp.async: the
// copy of iteration k into the thread's element is still in flight when the
// thread issues the copy of iteration k + 1 to the same bytes, unless a
// `wait_group 0` precedes the reissue or the two copies alternate slots by
// the parity of the counter (`wait_group 1` then completes the older one).

__global__ void cp_async_reissue_without_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    for (int k = 0; k < tiles; ++k) {
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[threadIdx.x])), "l"(&in[k * 64 + threadIdx.x]));
        asm volatile("cp.async.commit_group;\n" ::);
    }
    asm volatile("cp.async.wait_all;\n" ::);
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void cp_async_reissue_before_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    float acc = 0.0f;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[threadIdx.x])), "l"(&in[threadIdx.x]));
    asm volatile("cp.async.commit_group;\n" ::);
    for (int k = 0; k < tiles; ++k) {
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[threadIdx.x])), "l"(&in[(k + 1) * 64 + threadIdx.x])); //~ async-copy
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        acc += buf[threadIdx.x]; //~ async-copy
    }
    asm volatile("cp.async.wait_all;\n" ::);
    out[threadIdx.x] = acc;
}

__global__ void cp_async_wait_before_reissue(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    float acc = 0.0f;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[threadIdx.x])), "l"(&in[threadIdx.x]));
    asm volatile("cp.async.commit_group;\n" ::);
    for (int k = 0; k < tiles; ++k) {
        asm volatile("cp.async.wait_group 0;\n" ::);
        acc += buf[threadIdx.x];
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[threadIdx.x])), "l"(&in[(k + 1) * 64 + threadIdx.x]));
        asm volatile("cp.async.commit_group;\n" ::);
    }
    asm volatile("cp.async.wait_all;\n" ::);
    out[threadIdx.x] = acc;
}

__global__ void cp_async_reissue_other_parity(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[0][threadIdx.x])), "l"(&in[threadIdx.x]));
    asm volatile("cp.async.commit_group;\n" ::);
    for (int k = 0; k < tiles; ++k) {
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[(k + 1) & 1][threadIdx.x])), "l"(&in[(k + 1) * 64 + threadIdx.x]));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        acc += buf[k & 1][threadIdx.x];
    }
    asm volatile("cp.async.wait_all;\n" ::);
    out[threadIdx.x] = acc;
}
