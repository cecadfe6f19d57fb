// The barrier sits in a thread-dependent branch: threads 4.. never reach it.
__global__ void divergent_barrier(int *out) {
    __shared__ int s[64];
    int tid = threadIdx.x;
    s[tid] = tid;
    if (tid < 4) {
        __syncthreads();
        out[tid] = s[tid + 1];
    }
}
