// AutoSync Fig. 4: the same exchange inside a loop races within and across iterations.
__global__ void fig4(int n) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        int x = A[tid + 1];
        x = x + i;
        A[tid] += x;
    }
}
