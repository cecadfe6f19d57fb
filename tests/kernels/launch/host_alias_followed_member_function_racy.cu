// expect-verdict(shift): racy
// A member function launches; a call r.run(a, a, n) passes one buffer twice.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

struct Runner {
    void run(const float *in, float *out, int n) { shift<<<n / 256, 256>>>(in, out, n); }
};

int main() {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    Runner r;
    r.run(a, a, n);
    return 0;
}
