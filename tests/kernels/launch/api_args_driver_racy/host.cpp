#include <cuda.h>
int main() {
    CUmodule mod;
    cuModuleLoad(&mod, "kernels.ptx");
    CUfunction f;
    cuModuleGetFunction(&f, mod, "shift_left");
    int n = 1 << 20;
    CUdeviceptr a, b;
    cuMemAlloc(&a, n * sizeof(float));
    cuMemAlloc(&b, n * sizeof(float));
    void *args[] = {&a, &a, &n};
    cuLaunchKernel(f, n / 256, 1, 1, 256, 1, 1, 0, 0, args, nullptr);
    return 0;
}
