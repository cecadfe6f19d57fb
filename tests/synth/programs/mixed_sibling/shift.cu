// A global shift: each thread reads what a thread of the next block wrote.
// host.cu launches it cooperatively and with `<<<>>>`: a grid barrier would not be valid in the second.
__global__ void shift(int *A, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    A[i] = i;
    out[i] = A[(i + blockDim.x) % (blockDim.x * gridDim.x)];
}
