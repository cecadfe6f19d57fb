// expect-verdict(shift_tmp): race-free
// expect-verdict(shift_std): race-free
// expect-verdict(shift_wrapped): race-free
// expect-verdict(shift_rot3): race-free
// expect-verdict(shift_param): race-free
// expect-verdict(shift_members): race-free
// Ping-pong buffers swapped between launches (through a temporary, std::swap,
// a three-way rotation, inside a host function, as class members): the swaps
// only permute distinct allocations, so the two arguments of one launch are
// never one array. Racy twins: host_swap_*_racy.cu, host_declarators_racy.cu.
#include <utility>

__global__ void shift_tmp(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = in[i + 1];
}
__global__ void shift_std(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = in[i + 1];
}
__global__ void shift_wrapped(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = in[i + 1];
}
__global__ void shift_rot3(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = in[i + 1];
}
__global__ void shift_param(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = in[i + 1];
}
__global__ void shift_members(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = in[i + 1];
}

class Solver {
public:
    explicit Solver(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        cudaMalloc(&next_, n * sizeof(float));
    }
    void step() {
        shift_members<<<n_ / 256, 256>>>(cur_, next_, n_);
        float *t = cur_;
        cur_ = next_;
        next_ = t;
    }

private:
    float *cur_;
    float *next_;
    int n_;
};

static void step(const float *in, float *out, int n) { shift_wrapped<<<n / 256, 256>>>(in, out, n); }

static void relax(float *a, float *b, int n, int iters) {
    for (int it = 0; it < iters; it++) {
        shift_param<<<n / 256, 256>>>(a, b, n);
        float *t = a;
        a = b;
        b = t;
    }
}

int main() {
    const int n = 1 << 20;
    float *x, *y, *z;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&z, n * sizeof(float));

    float *a = x;
    float *b = y;
    for (int it = 0; it < 4; it++) {
        shift_tmp<<<n / 256, 256>>>(a, b, n);
        float *t = a;
        a = b;
        b = t;
    }
    shift_tmp<<<n / 256, 256>>>(b, a, n);

    float *c, *d;
    cudaMalloc(&c, n * sizeof(float));
    cudaMalloc(&d, n * sizeof(float));
    for (int it = 0; it < 4; it++) {
        shift_std<<<n / 256, 256>>>(c, d, n);
        std::swap(c, d);
    }

    float *e, *f;
    cudaMalloc(&e, n * sizeof(float));
    cudaMalloc(&f, n * sizeof(float));
    for (int it = 0; it < 4; it++) {
        step(e, f, n);
        std::swap(e, f);
    }

    float *p = x, *q = y, *r = z;
    for (int it = 0; it < 4; it++) {
        shift_rot3<<<n / 256, 256>>>(p, r, n);
        float *t = p;
        p = q;
        q = r;
        r = t;
    }

    relax(x, y, n, 10);
    Solver s(n);
    for (int it = 0; it < 4; it++) s.step();
    return 0;
}
