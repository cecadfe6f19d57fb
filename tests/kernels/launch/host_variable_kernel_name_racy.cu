// expect-verdict: racy
// The twin of host_variable_kernel_name.cu: the host variable named like
// the kernel is local to a block; after the block the name is the kernel
// again, passed to a wrapper the scan does not read (`run_copy_kernel`): a launch with
// arguments unknown, which may pass one buffer twice.
#include <cstdio>

__global__ void stride_copy_twin(const int *d, int *o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        o[i] = d[i + 1]; //~ race read-write
    }
}

typedef void (*copy_kernel)(const int *, int *, int);
void run_copy_kernel(copy_kernel k, int *x, int n);

int main() {
    const int n = 1 << 16;
    int *a, *b;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, n * sizeof(int));
    stride_copy_twin<<<n / 256, 256>>>(a, b, n);
    {
        size_t stride_copy_twin;
        for (stride_copy_twin = 0; stride_copy_twin < 4; stride_copy_twin++) {
            printf("%zu\n", stride_copy_twin);
        }
    }
    run_copy_kernel(stride_copy_twin, a, n);
    return 0;
}
