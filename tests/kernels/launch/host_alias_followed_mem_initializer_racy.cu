// expect-verdict(shift): racy
// Class data members made one buffer by a mem-initializer (next_(cur_)).
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

class Solver {
public:
    Solver(float *buf, int n) : cur_(buf), next_(cur_), n_(n) {}
    void step() { shift<<<n_ / 256, 256>>>(cur_, next_, n_); }

private:
    float *cur_;
    float *next_;
    int n_;
};

int main() {
    float *a;
    cudaMalloc(&a, (1 << 20) * sizeof(float));
    Solver s(a, 1 << 20);
    s.step();
    return 0;
}
