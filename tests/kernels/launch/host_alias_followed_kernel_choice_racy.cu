// expect-verdict(shift): racy
// expect-verdict(scale): race-free
// A launch through a function-pointer variable choosing among kernels, one buffer twice.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void scale(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = 2.f * in[i];
    }
}

typedef void (*unary_kernel)(const float *, float *, int);

int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    unary_kernel k = argc > 1 ? scale : shift;
    k<<<n / 256, 256>>>(a, a, n);
    return 0;
}
