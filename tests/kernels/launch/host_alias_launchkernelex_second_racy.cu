// expect-verdict: racy
// Racy twin of host_alias_launchkernelex.cu: the first cudaLaunchKernelEx gets distinct
// allocations, the second, through a kernel pointer variable, passes one buffer twice.
__global__ void lx_shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) out[i] = in[i + 1]; //~ race read-write
}
int main() {
    const int n = 1 << 20; float *o, *p;
    cudaMalloc(&o, n * sizeof(float));
    cudaMalloc(&p, n * sizeof(float));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3((n + 255) / 256);
    cfg.blockDim = dim3(256);
    cudaLaunchKernelEx(&cfg, lx_shift, (const float *)p, o, n);
    auto k = lx_shift;
    cudaLaunchKernelEx(&cfg, k, (const float *)o, o, n);
    return 0;
}
