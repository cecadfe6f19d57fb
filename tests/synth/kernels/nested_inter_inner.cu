// Each inner iteration reads what the previous inner iteration wrote: inter-iteration races at depth 2 only.
__global__ void nested_inter_inner(int n, int m) {
    __shared__ int A[1024];
    int tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        for (int j = 1; j < m; j++) {
            int x = A[(i * m + j - 1) * 16 + tid + 1];
            A[(i * m + j) * 16 + tid] = x;
        }
    }
}
