// expect-verdict(ctor_member_hop_twin): racy
// expect-verdict(ctor_member_hop_body_twin): racy
// expect-verdict(ctor_member_hop_emplaced): racy
// Constructor parameters stored in members (mem-initializers, `this->m = m`
// in the body) hold what the constructions pass: `S s(d, d, n)` and a
// construction out of view of the class's name (`emplace_back(d, d, n)` on
// a `std::vector<S>`) give both members one buffer (before session 58 a
// constructor's calls were never read and its parameters were distinct
// allocations).
__global__ void ctor_member_hop_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void ctor_member_hop_body_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void ctor_member_hop_emplaced(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

class CtorSolverTwin {
    float *cur_;
    float *next_;
    int n_;

public:
    CtorSolverTwin(float *a, float *b, int n) : cur_(a), next_(b), n_(n) {}
    void step() { ctor_member_hop_twin<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

struct BodySolverTwin {
    float *cur_;
    float *next_;
    int n_;
    explicit BodySolverTwin(float *cur_, float *next_, int n) {
        this->cur_ = cur_;
        this->next_ = next_;
        n_ = n;
    }
    void step();
};

void BodySolverTwin::step() { ctor_member_hop_body_twin<<<n_ / 256, 256>>>(cur_, next_, n_); }

struct EmplacedSolver {
    float *cur_;
    float *next_;
    int n_;
    EmplacedSolver(float *a, float *b, int n) : cur_(a), next_(b), n_(n) {}
    void step() { ctor_member_hop_emplaced<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    CtorSolverTwin s(a, a, n);
    s.step();
    BodySolverTwin t{b, b, n};
    t.step();
    EmplacedSolver e(a, b, n);
    e.step();
    std::vector<EmplacedSolver> v;
    v.emplace_back(b, b, n);
    v[0].step();
    return 0;
}
