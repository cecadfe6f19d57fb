__global__ void shift(int *A, int *out);

void run(int *A, int *out) {
    shift<<<dim3(2), dim3(8)>>>(A, out);
}
