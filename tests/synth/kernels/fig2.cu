// AutoSync Fig. 2: each thread reads its right neighbour, then writes its own slot.
__global__ void fig2(int *out) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    int x = A[tid + 1];
    A[tid] = x;
}
