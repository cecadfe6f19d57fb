// A driver-API program: loads the kernels' module and launches drv_scale,
// found by its name, with 512 threads.
#include <cuda.h>
int main() {
    CUmodule m;
    CUfunction f;
    cuModuleLoad(&m, "drv_kernels.ptx");
    cuModuleGetFunction(&f, m, "drv_scale");
    CUdeviceptr d;
    void *args[] = {&d};
    cuLaunchKernel(f, 1, 1, 1, 512, 1, 1, 0, 0, args, 0);
    return 0;
}
