// expect-verdict(local_slot_alternating): race-free
// expect-verdict(local_slot_repeated): racy
// expect-verdict(local_slot_assigned_after_issue): inconclusive
//--blockDim=64 --gridDim=1
// A thread's cp.async of iteration k is still in flight when it issues the
// copy of iteration k + 1 (`wait_group 1` after the issue): the two must
// not write the same bytes. The copy's destination goes through body
// locals (`next`, `dst`) assigned once, at the body's top level, before the
// issue: the copy carried from the iteration before wrote the slot the
// locals' definitions give with the counter one step back. Twins: slots
// 0, 0, 1, 1, ... (the copy of k = 1 overwrites that of k = 0 in flight);
// the slot assigned after the issue (the issue of k + 1 uses the value set
// in iteration k: slots 1, 1, 0, 1, 0, ..., so the copy of k = 1 overwrites
// that of k = 0 in flight): the value is not tracked, so the pair stays
// inconclusive, never race-free.

__global__ void local_slot_alternating(const float *in, float *out) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[0][threadIdx.x])), "l"(&in[threadIdx.x]));
    asm volatile("cp.async.commit_group;\n" ::);
    for (int k = 0; k < 8; ++k) {
        int next = (k + 1) % 2;
        float *dst = &buf[next][threadIdx.x];
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(&in[(k + 1) * 64 + threadIdx.x]));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
    }
    asm volatile("cp.async.wait_all;\n" ::);
    out[threadIdx.x] = acc;
}

__global__ void local_slot_repeated(const float *in, float *out) {
    __shared__ float buf[2][64];
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(&buf[1][threadIdx.x])), "l"(&in[threadIdx.x]));
    asm volatile("cp.async.commit_group;\n" ::);
    for (int k = 0; k < 8; ++k) {
        int next = (k / 2) % 2;
        float *dst = &buf[next][threadIdx.x];
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(&in[(k + 1) * 64 + threadIdx.x])); //~ async-copy
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
    }
    asm volatile("cp.async.wait_all;\n" ::);
    __syncthreads();
    out[threadIdx.x] = buf[0][63 - threadIdx.x] + buf[1][63 - threadIdx.x];
}

__global__ void local_slot_assigned_after_issue(const float *in, float *out) {
    __shared__ float buf[2][64];
    int next = 1;
    for (int k = 0; k < 8; ++k) {
        float *dst = &buf[next][threadIdx.x];
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(&in[(k + 1) * 64 + threadIdx.x]));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        next = (k + 1) % 2;
    }
    asm volatile("cp.async.wait_all;\n" ::);
    __syncthreads();
    out[threadIdx.x] = buf[0][63 - threadIdx.x] + buf[1][63 - threadIdx.x];
}
