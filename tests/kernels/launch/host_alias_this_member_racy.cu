// expect-verdict(neighbour_this_member_twin): racy
// A member assigned another through `this->` (`this->next_ =
// this->cur_`) holds that member's buffer: the launch in `step` passes one
// buffer twice (before session 57 `this->m` was an opaque text, and a
// member declared in view was not followed through `this->`).
__global__ void neighbour_this_member_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

class Stepper2 {
    float *cur_;
    float *next_;
    int n_;

public:
    Stepper2(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        cudaMalloc(&next_, n * sizeof(float));
    }
    void inplace() { this->next_ = this->cur_; }
    void step() { neighbour_this_member_twin<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

int main() {
    Stepper2 s(1 << 20);
    s.inplace();
    s.step();
    return 0;
}
