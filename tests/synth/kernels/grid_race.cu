// Threads read a slot that a thread of the next block writes: no block barrier can order that.
__global__ void grid_race(int *A, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    A[i] = i;
    int x = A[i + 1];
    out[i] = x;
}
