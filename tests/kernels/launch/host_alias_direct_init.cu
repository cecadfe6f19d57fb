// expect-verdict: race-free
// Twin of host_alias_direct_init_racy.cu: pointers direct- and
// list-initialized (`float *b(e)`, `float *b{e}`, `float *b = {e}`,
// `auto b(e)`) from two distinct allocations keep them apart.
__global__ void neighbour_direct_init(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

int main() {
    const int n = 1 << 20;
    float *d, *e;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    float *p(d), *q{e};
    neighbour_direct_init<<<n / 256, 256>>>(p, q, n);
    float *r = {d};
    auto s(e);
    neighbour_direct_init<<<n / 256, 256>>>(r, s, n);
    return 0;
}
