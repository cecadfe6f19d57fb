// expect-verdict: race-free
// Twin of host_alias_wrapper_qualified_racy.cu: a namespace wrapper called
// by its qualified name with two distinct allocations, an overload of the
// same name defined beside it, and a member function of that name called
// through an object (neither is a call of `ops::run(const float *, float
// *, int)` that could pass other pointers).
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

namespace ops {
void run(const float *in, float *out, int n) { shift<<<n / 256, 256>>>(in, out, n); }
void run(int n) { (void)n; }
}

struct Logger {
    void run(int n) { (void)n; }
};

int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    ops::run(a, b, n);
    ops::run(n);
    Logger log;
    log.run(n);
    return 0;
}
