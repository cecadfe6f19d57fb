__global__ void shift(int *A, int *out);

void run(int *A, int *out) {
    void *args[] = {&A, &out};
    cudaLaunchCooperativeKernel((void *)shift, dim3(2), dim3(8), args, 0, 0);
}
