// Fig. 4 inside two loops: intra- and inter-iteration races at both depths.
__global__ void nested_both(int n, int m) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            int x = A[tid + 1];
            A[tid] = x + j;
        }
    }
}
