// A global shift the host launches cooperatively and also with <<<>>>: a
// grid barrier is undefined under the second launch, so nothing implies
// --grid-barriers and the inter-block race stays unrepairable.
__global__ void shift(int *A, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    A[i] = i;
    out[i] = A[(i + blockDim.x) % (blockDim.x * gridDim.x)];
}

void run(int *A, int *out) {
    void *args[] = {&A, &out};
    cudaLaunchCooperativeKernel((void *)shift, dim3(2), dim3(8), args, 0, 0);
    shift<<<2, 8>>>(A, out);
}
