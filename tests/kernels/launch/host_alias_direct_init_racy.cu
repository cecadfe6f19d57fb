// expect-verdict(neighbour_direct_init_twin): racy
// A pointer direct- or list-initialized from another (`float *b(d)`,
// `float *b{d}`, `float *b = {d}`) holds its value: the launch passes one
// buffer twice (before session 57 only `float *b = d` was read and these
// forms made `b` its own allocation).
__global__ void neighbour_direct_init_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *d, *e;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    float *p(d), *q{e};
    float *r = {q};
    neighbour_direct_init_twin<<<n / 256, 256>>>(p, e, n);
    neighbour_direct_init_twin<<<n / 256, 256>>>(r, e, n);
    return 0;
}
