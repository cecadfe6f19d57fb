// expect-verdict(returned_arg_hop_twin): racy
// expect-verdict(returned_view_hop): racy
// expect-verdict(returned_member_hop): racy
// A call of a host function the unit defines may return what its `return`
// expressions give: `pick(d, e)` is `d`, `view(d, 1)` is `d + 1`, `s.in()`
// is the member `cur_` (before session 58 a call was an opaque root apart
// from every other argument).
__global__ void returned_arg_hop_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void returned_view_hop(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void returned_member_hop(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

float *pick_twin(float *a, float *b) { return a; }

float *view(float *base, int k) { return base + k; }

class ReturnedSolver {
    float *cur_;
    float *next_;
    int n_;

public:
    explicit ReturnedSolver(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        next_ = nullptr;
    }
    void set_out(float *p) { next_ = p; }
    float *in() { return cur_; }
    void step() { returned_member_hop<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *d, *e;
    cudaMalloc(&d, 2 * n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    returned_arg_hop_twin<<<n / 256, 256>>>(pick_twin(d, e), d, n);
    returned_view_hop<<<n / 256, 256>>>(d, view(d, argc), n);
    ReturnedSolver s(n);
    s.set_out(s.in());
    s.step();
    return 0;
}
