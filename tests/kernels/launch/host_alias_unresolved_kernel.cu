// expect-verdict: race-free
// Twin of host_alias_unresolved_kernel_racy.cu: the kernels a variable may
// hold are launched with two distinct allocations, but the scan reads no
// argument of that launch; only kernels whose accesses cannot meet across
// their pointer parameters stay race-free (`scale` and `copy` access element
// `i` of each, so one buffer twice is no race either).
__global__ void scale(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = 2.f * in[i];
    }
}

__global__ void copy(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}

typedef void (*unary_kernel)(const float *, float *, int);

int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    unary_kernel k = argc > 1 ? scale : copy;
    if (argc > 2) {
        k = copy;
    }
    k<<<n / 256, 256>>>(a, b, n);
    return 0;
}
