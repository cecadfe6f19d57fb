// AutoSync Fig. 6: the racing accesses sit in two different thread-dependent branches.
__global__ void fig6(int *out) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    int x = 0;
    if (tid % 2 == 0) {
        x = A[tid + 2];
    }
    if (tid % 6 == 0) {
        A[tid] += x;
    }
}
