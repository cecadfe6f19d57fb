// expect-verdict: race-free
// A host variable named like a kernel (`size_t stride_copy;`, `int
// scatter_pair = 0, m;`) declares that variable: its declarator names no
// kernel, so it is no launch of unknown sizes and arguments. The kernels
// run only through the launches written, with distinct buffers.
#include <cstdio>

__global__ void stride_copy(const int *d, int *o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        o[i] = d[i];
    }
}

__global__ void scatter_pair(const int *d, int *o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        o[2 * i] = d[i];
        o[2 * i + 1] = d[i];
    }
}

int main() {
    const int n = 1 << 16;
    int *a, *b;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, 2 * n * sizeof(int));
    stride_copy<<<n / 256, 256>>>(a, b, n);
    scatter_pair<<<n / 256, 256>>>(a, b, n);
    size_t stride_copy;
    for (stride_copy = 0; stride_copy < 4; stride_copy++) {
        printf("%zu\n", stride_copy);
    }
    int scatter_pair = 0, m;
    m = scatter_pair + 1;
    printf("%d\n", m);
    return 0;
}
