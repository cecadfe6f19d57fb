// Each outer iteration reads what the previous outer iteration wrote: inter-iteration races at depth 1 only.
__global__ void nested_inter_outer(int n, int m) {
    __shared__ int A[1024];
    int tid = threadIdx.x;
    for (int i = 1; i < n; i++) {
        for (int j = 0; j < m; j++) {
            int x = A[((i - 1) * m + j) * 16 + tid + 1];
            A[(i * m + j) * 16 + tid] = x;
        }
    }
}
