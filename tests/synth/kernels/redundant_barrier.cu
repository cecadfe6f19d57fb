// The first barrier is needed, the second orders nothing.
__global__ void redundant_barrier(int *out) {
    __shared__ int s[64];
    int tid = threadIdx.x;
    s[tid] = tid;
    __syncthreads();
    out[tid] = s[tid + 1];
    __syncthreads();
    out[tid + 64] = tid;
}
