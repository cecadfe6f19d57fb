// expect-verdict: race-free
// Twin of host_alias_unresolved_kernel_racy.cu: a function-pointer variable
// given a third kernel after its choice, so the scan reads no argument of
// its launch; kernels with one pointer parameter have no pair of
// parameters to alias and stay race-free.
__global__ void inc(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i] += 1.f;
    }
}

__global__ void dbl(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i] *= 2.f;
    }
}

__global__ void neg(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i] = -p[i];
    }
}

typedef void (*unary_kernel)(float *, int);

int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    unary_kernel k = argc > 1 ? inc : dbl;
    if (argc > 2) {
        k = neg;
    }
    k<<<n / 256, 256>>>(a, n);
    return 0;
}
