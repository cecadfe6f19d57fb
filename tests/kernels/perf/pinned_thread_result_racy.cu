// expect-verdict: racy
//--blockDim=256 --gridDim=32
// The twin of pinned_thread_result.cu with the result read by thread 1:
// thread 0 writes `s[0]` in the last round (d == 1), after the last
// barrier, while thread 1, done with the loop, reads it. The read still
// runs in one thread of the block, but thread 0 is another thread whose
// bytes meet it: the pair goes to the solver, which finds the race.
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
                s[tid] = f1; //~ race write-read
            }
        }
    }
    if (tid == 1) {
        out[blockIdx.x] = s[0]; //~ race read-write
    }
}
