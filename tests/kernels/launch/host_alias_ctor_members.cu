// expect-verdict: race-free
// Twin of host_alias_ctor_members_racy.cu: constructor parameters stored in
// members (mem-initializers, `this->m = m` in the body) that a member
// function launches with. Every construction passes two distinct buffers
// (`S x(..)`, `new S(..)`, `S x{..}`, a temporary), and each object's
// members are launched together, so the two parameters are two arrays.
__global__ void ctor_member_hop(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void ctor_member_hop_body(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

class CtorSolver {
    float *cur_;
    float *next_;
    int n_;

public:
    CtorSolver(float *a, float *b, int n) : cur_(a), next_(b), n_(n) {}
    void step() { ctor_member_hop<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

struct BodySolver {
    float *cur_;
    float *next_;
    int n_;
    explicit BodySolver(float *cur_, float *next_, int n) {
        this->cur_ = cur_;
        this->next_ = next_;
        n_ = n;
    }
    void step();
};

void BodySolver::step() { ctor_member_hop_body<<<n_ / 256, 256>>>(cur_, next_, n_); }

int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    CtorSolver s(a, b, n);
    s.step();
    CtorSolver *p = new CtorSolver(b, a, n);
    p->step();
    CtorSolver(a, b, n).step();
    BodySolver t{a, b, n};
    t.step();
    delete p;
    return 0;
}
