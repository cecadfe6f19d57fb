// AutoSync Fig. 7: two races that one barrier fixes.
__global__ void fig7(int *out) {
    __shared__ int A[64];
    __shared__ int B[64];
    int tid = threadIdx.x;
    int x = A[tid + 1];
    int y = B[tid + 1];
    A[tid] = x + y;
    B[tid] = x - y;
}
