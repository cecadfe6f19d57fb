// expect-verdict(shift): race-free
// Pointers set through reference parameters and for-loop variables, each to
// its own allocation (an allocation helper gives one per call): the launch's two arguments are distinct. Racy twins:
// host_reference_param_racy.cu, host_for_init_racy.cu.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = in[i + 1];
}

static void pick(float *&p, float *q) { p = q; }
static void alloc(float *&p, int n) { cudaMalloc(&p, n * sizeof(float)); }

int main() {
    const int n = 1 << 20;
    float *x, *y, *z;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&z, n * sizeof(float));
    pick(y, z);
    shift<<<n / 256, 256>>>(x, y, n);
    float *u, *v;
    alloc(u, n);
    alloc(v, n);
    shift<<<n / 256, 256>>>(u, v, n);
    for (float *p = z; p != nullptr; p = nullptr) {
        shift<<<n / 256, 256>>>(x, p, n);
    }
    return 0;
}
