// Two nested loops; every inner iteration works on its own region: only intra-iteration races.
__global__ void nested_intra(int n, int m) {
    __shared__ int A[1024];
    int tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            int base = (i * m + j) * 16;
            int x = A[base + tid + 1];
            A[base + tid] = x;
        }
    }
}
