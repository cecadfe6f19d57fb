// A global shift whose host code launches the kernel cooperatively: the grid
// barrier `fix` inserts is then valid as launched.
__global__ void shift(int *A, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    A[i] = i;
    out[i] = A[(i + blockDim.x) % (blockDim.x * gridDim.x)];
}

void run(int *A, int *out) {
    void *args[] = {&A, &out};
    cudaLaunchCooperativeKernel((void *)shift, dim3(2), dim3(8), args, 0, 0);
}
