// expect-verdict: race-free
// Twin of host_alias_this_member_racy.cu: members read and written through
// `this->` (`this->next_ = this->tmp_`) that never receive each other's
// buffer stay two allocations; a parameter named like a member
// (`this->cur_ = cur_`) gives the member the parameter's value.
__global__ void neighbour_this_member(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

class Stepper {
    float *cur_;
    float *next_;
    float *tmp_;
    int n_;

public:
    Stepper(float *cur_, int n) : n_(n) {
        this->cur_ = cur_;
        cudaMalloc(&next_, n * sizeof(float));
        cudaMalloc(&tmp_, n * sizeof(float));
    }
    void reset() { this->next_ = this->tmp_; }
    void step() { neighbour_this_member<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    Stepper s(d, n);
    s.reset();
    s.step();
    return 0;
}
