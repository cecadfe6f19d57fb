// expect-verdict(exit_test_thread_dependent): divergent
// expect-verdict(exit_test_nested): divergent
// expect-verdict(exit_test_uniform): race-free
//--blockDim=64 --gridDim=2
// A `do`-`while` with a `continue` jumps to its exit test: the test is the
// loop's step (`if (!cond) break;`). A thread-dependent exit test there still
// makes the trip count depend on the thread, so the barrier in the body is
// divergent; a uniform one does not.

__global__ void exit_test_thread_dependent(int *out) {
    int j = 0;
    do {
        j++;
        __syncthreads(); //~ divergence
        if (j == 2) continue;
    } while (j < threadIdx.x % 3);
    out[blockIdx.x * 64 + threadIdx.x] = j;
}

__global__ void exit_test_nested(int *out, int n) {
    for (int k = 0; k < n; k++) {
        int j = 0;
        do {
            j++;
            __syncthreads(); //~ divergence
            if (j == 2) continue;
        } while (j < threadIdx.x % 3);
    }
    out[blockIdx.x * 64 + threadIdx.x] = 0;
}

__global__ void exit_test_uniform(int *out, int n) {
    __shared__ int s[64];
    int j = 0;
    do {
        s[threadIdx.x] = j;
        j++;
        __syncthreads();
        if (j == 2) continue;
        out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
    } while (j < n);
}
