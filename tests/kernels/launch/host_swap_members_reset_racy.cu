// expect-verdict(shift): racy
// A member function other than the constructor sets cur_ to what next_ may hold after a swap.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

class Solver {
public:
    explicit Solver(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        cudaMalloc(&next_, n * sizeof(float));
        first_ = cur_;
    }
    void reset() { cur_ = first_; }
    void step() {
        shift<<<n_ / 256, 256>>>(cur_, next_, n_);
        float *t = cur_;
        cur_ = next_;
        next_ = t;
    }

private:
    float *cur_;
    float *next_;
    float *first_;
    int n_;
};

int main() {
    Solver s(1 << 20);
    for (int it = 0; it < 4; it++) {
        s.step();
        s.reset();
    }
    return 0;
}
