// expect-verdict(shift): racy
// The same with one buffer as both in and out (in place): the parameters alias.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        out[i] = in[i + 1]; //~ race write-read
    }
}
int main() {
    int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    void *args[3];
    args[0] = &a;
    args[1] = &a;
    args[2] = &n;
    cudaLaunchKernel((const void *)shift, dim3(n / 256), dim3(256), args, 0, nullptr);
    return 0;
}
