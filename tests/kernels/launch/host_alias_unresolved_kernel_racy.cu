// expect-verdict(shift): racy
// expect-verdict(scale): racy
// expect-verdict(copy): racy
// A launch through a function-pointer variable given a third kernel after its
// choice: the scan cannot tell which kernel `k` holds, so it reads none of
// the launch's arguments; `shift` may then be given one buffer twice (before
// session 56 its unread launch kept its parameters distinct). `scale` and
// `copy` too: an unread launch may pass views of one buffer at any distance.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void scale(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = 2.f * in[i]; //~ race read-write
    }
}

__global__ void copy(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i]; //~ race read-write
    }
}

typedef void (*unary_kernel)(const float *, float *, int);

int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    unary_kernel k = argc > 1 ? scale : copy;
    if (argc > 2) {
        k = shift;
    }
    k<<<n / 256, 256>>>(a, a, n);
    return 0;
}
