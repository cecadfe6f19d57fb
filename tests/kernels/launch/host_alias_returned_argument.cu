// expect-verdict: race-free
// Twin of host_alias_returned_argument_racy.cu: a host function returning
// one of its arguments (`pick`), an offset view of it (`view`), or a fresh
// allocation (`fresh`: its local is a root per call, as two variables are;
// two text-equal calls `fresh(n)` would still meet as one opaque text). The
// arguments launched together are two distinct buffers.
__global__ void returned_arg_hop(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void returned_fresh_hop(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

float *pick(float *a, float *b) { return a; }

float *fresh(int n) {
    float *p;
    cudaMalloc(&p, n * sizeof(float));
    return p;
}

int main() {
    const int n = 1 << 20;
    float *d, *e;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    returned_arg_hop<<<n / 256, 256>>>(pick(d, e), e, n);
    float *x = fresh(n);
    float *y = fresh(n + 1);
    returned_fresh_hop<<<n / 256, 256>>>(x, y, n);
    return 0;
}
