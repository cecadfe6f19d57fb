// expect-verdict: racy
// expect-verdict(only_known): race-free
// expect-verdict(parent): race-free
// Launches whose sizes or arguments the host code does not give, next to a
// launch that gives them: each is an execution of the kernel all the same,
// as is every use of a kernel's name that may launch it (a function pointer,
// cudaLaunchKernelEx). With w = 64 and 64 threads, s[t] and s[t + w] never
// meet; the other launches pass 32 or an unknown width.

#define BODY                         \
    __shared__ int s[512];           \
    s[threadIdx.x] = 1;              \
    s[threadIdx.x + w] = 2;          \
    __syncthreads();                 \
    out[threadIdx.x] = s[threadIdx.x];

__global__ void tuned(int *out, int w) {
    BODY //~ race write-write
}
__global__ void nested(int *out, int w) {
    BODY //~ race write-write
}
__global__ void extended(int *out, int w) {
    BODY //~ race write-write
}
__global__ void pointed(int *out, int w) {
    BODY //~ race write-write
}
__global__ void by_api(int *out, int w) {
    BODY //~ race write-write
}
__global__ void only_known(int *out, int w) {
    BODY
}

struct Cfg {
    dim3 grid, block;
    int width;
};
Cfg tune(int n);

__global__ void parent(int *d) { nested<<<1, 64>>>(d, 32); }

int main(int argc, char **argv) {
    int *d;
    tuned<<<1, 64>>>(d, 64);
    Cfg c = tune(argc);
    tuned<<<c.grid, c.block>>>(d, c.width);

    nested<<<1, 64>>>(d, 64);
    parent<<<1, 1>>>(d);

    extended<<<1, 64>>>(d, 64);
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(1);
    cfg.blockDim = dim3(64);
    cudaLaunchKernelEx(&cfg, extended, d, 32);

    pointed<<<1, 64>>>(d, 64);
    void (*f)(int *, int) = pointed;
    f<<<1, 64>>>(d, 32);

    by_api<<<1, 64>>>(d, 64);
    int w = 32;
    void *args[] = {&d, &w};
    cudaLaunchKernel((const void *)by_api, c.grid, c.block, args, 0, 0);

    only_known<<<1, 64>>>(d, 64);
    cudaFuncSetAttribute(only_known, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
    return 0;
}
