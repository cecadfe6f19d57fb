// expect-verdict(shift): racy
// cudaLaunchKernelEx(&cfg, k, args..) passing one buffer as both pointers.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}
int main() {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(n / 256);
    cfg.blockDim = dim3(256);
    cudaLaunchKernelEx(&cfg, shift, (const float *)a, a, n);
    return 0;
}
