// expect-verdict: race-free
//--blockDim=256 --gridDim=32
// A block minimum whose tree loop puts its barrier at the top of each
// round: after the last round (d == 1) only thread 0 has written, and only
// thread 0 reads the result, so no barrier is needed before the read. The
// read runs in thread 0 alone (`tid == 0`), and every other thread writes
// `s[tid]` at byte 4 * tid >= 4, never the bytes of `s[0]`
// (`InjectiveOffsets::pinned_thread_apart`): that pair needs no solver.
__global__ void block_min(const float *in, float *out) {
    __shared__ float s[512];
    const int tid = threadIdx.x;
    s[tid] = in[blockIdx.x * 512 + tid];
    s[tid + 256] = in[blockIdx.x * 512 + tid + 256];
    for (int d = blockDim.x; d > 0; d /= 2) {
        __syncthreads();
        if (tid < d) {
            float f0 = s[tid];
            float f1 = s[tid + d];
            if (f1 < f0) {
                s[tid] = f1;
            }
        }
    }
    if (tid == 0) {
        out[blockIdx.x] = s[0];
    }
}
