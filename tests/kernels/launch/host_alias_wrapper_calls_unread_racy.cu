// expect-verdict(shift): racy
// expect-verdict(shift_back): racy
// Wrappers some mention of which is no call the scan reads: `run`'s name is
// taken as a function pointer, `run_back` has a defaulted parameter (its
// call passes fewer arguments than it has parameters). Their pointer
// parameters may then hold anything, so each launch may pass one buffer
// twice (before session 56 they were two allocations, even though the
// readable call passes `d` twice).
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void shift_back(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n) {
        out[i] = in[i - 1]; //~ race read-write
    }
}

void run(const float *in, float *out, int n) { shift<<<n / 256, 256>>>(in, out, n); }

void run_back(const float *in, float *out, int n = 1 << 20) { shift_back<<<n / 256, 256>>>(in, out, n); }

int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    void (*f)(const float *, float *, int) = run;
    f(d, d, n);
    run_back(d, d);
    return 0;
}
