// The racing write is in a device function: the barrier goes after the call, in the kernel.
__device__ void store(int *buf, int i) {
    buf[i] = i;
}

__global__ void device_call(int *out) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    store(A, tid);
    out[tid] = A[tid + 1];
}
