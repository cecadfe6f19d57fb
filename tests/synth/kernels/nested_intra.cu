// Two nested loops; every inner iteration works on its own region: only intra-iteration races.
__global__ void nested_intra(int *out) {
    __shared__ int A[1024];
    int tid = threadIdx.x;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 3; j++) {
            int base = (i * 3 + j) * 16;
            int x = A[base + tid + 1];
            A[base + tid] = x;
        }
    }
}
