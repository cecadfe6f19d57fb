// expect-verdict(double_buffer): race-free
// expect-verdict(double_buffer_barrier_after_loop): racy
//--blockDim=64 --gridDim=1
// A double buffer: the read of one half races with the next iteration's
// store to it (never with this iteration's store, to the other half), so a
// barrier in the loop body orders it and one after the loop does not. `fix`
// repairs the racy kernel; its candidate checks reuse the scenario (same
// iteration) its first check proved race-free.

__global__ void double_buffer(const int *a, int *b, int n) {
    __shared__ int s[128];
    int t = threadIdx.x;
    for (int i = 0; i < n; ++i) {
        b[i * 64 + t] = s[((i + 1) % 2) * 64 + (t + 1) % 64];
        s[(i % 2) * 64 + t] = a[i * 64 + t];
        __syncthreads();
    }
}

__global__ void double_buffer_barrier_after_loop(const int *a, int *b, int n) {
    __shared__ int s[128];
    int t = threadIdx.x;
    for (int i = 0; i < n; ++i) {
        b[i * 64 + t] = s[((i + 1) % 2) * 64 + (t + 1) % 64]; //~ race read-write
        s[(i % 2) * 64 + t] = a[i * 64 + t];
    }
    __syncthreads();
}
