// expect-verdict: race-free
// The race-free twin of host_alias_launchkernelex_racy.cu: the host gives distinct allocations.
// cudaLaunchKernelEx passing one buffer as two pointer arguments.
__global__ void lx_shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) out[i] = in[i + 1];
}
int main() {
    const int n = 1 << 20; float *o, *p;
    cudaMalloc(&o, n * sizeof(float));
    cudaMalloc(&p, n * sizeof(float));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3((n + 255) / 256);
    cfg.blockDim = dim3(256);
    cudaLaunchKernelEx(&cfg, lx_shift, (const float *)p, o, n);
    return 0;
}
