// expect-verdict: race-free
// Launch arguments reached through forms the host scan follows (see README,
// "distinct pointer parameters"): cudaLaunchKernelEx, a variable choosing
// among kernels, a stored lambda, a member function, operator(), class data
// members set in a constructor, entries of a pointer table. Every launch
// here passes two distinct allocations, so `shift` (which reads the
// neighbour's element of `in`) is race-free; each _racy twin passes one
// buffer twice through one of these forms.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void shift_back(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n) {
        out[i] = in[i - 1];
    }
}

typedef void (*shift_kernel)(const float *, float *, int);

struct ShiftOp {
    void operator()(const float *in, float *out, int n) const { shift<<<n / 256, 256>>>(in, out, n); }
};

struct Runner {
    void run(const float *in, float *out, int n) { shift<<<n / 256, 256>>>(in, out, n); }
};

class Solver {
public:
    explicit Solver(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        cudaMalloc(&next_, n * sizeof(float));
    }
    void step() { shift<<<n_ / 256, 256>>>(cur_, next_, n_); }

private:
    float *cur_;
    float *next_;
    int n_;
};

int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(n / 256);
    cfg.blockDim = dim3(256);
    cudaLaunchKernelEx(&cfg, shift, (const float *)a, b, n);
    shift_kernel k = argc > 1 ? shift_back : shift;
    k<<<n / 256, 256>>>(a, b, n);
    auto launch = [&](const float *s, float *d) { shift<<<n / 256, 256>>>(s, d, n); };
    launch(a, b);
    ShiftOp op;
    op(a, b, n);
    Runner r;
    r.run(b, a, n);
    Solver s(n);
    s.step();
    float *bufs[4];
    for (int i = 0; i < 4; i++) {
        cudaMalloc(&bufs[i], n * sizeof(float));
    }
    for (int i = 1; i < 4; i++) {
        shift<<<n / 256, 256>>>(bufs[i - 1], bufs[i], n);
    }
    int cur = 0;
    for (int it = 0; it < 10; it++) {
        shift<<<n / 256, 256>>>(bufs[cur], bufs[cur ^ 1], n);
        shift<<<n / 256, 256>>>(bufs[cur], bufs[1 - cur], n);
        cur ^= 1;
    }
    return 0;
}
