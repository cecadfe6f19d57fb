// expect-verdict(slide_restored): racy
// The argument array's initializer passes two buffers, but a later store
// replaces the second with the first: the launch passes one buffer twice.
__global__ void slide_restored(const float *in, float *out, int n) {
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
    void *args[] = {&a, &b, &n};
    args[1] = &a;
    cudaLaunchKernel((const void *)slide_restored, dim3(n / 256), dim3(256), args, 0, nullptr);
    return 0;
}
