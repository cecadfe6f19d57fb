// expect-verdict: race-free
// Twin of host_alias_template_return_racy.cu: a specialization of a function
// template returning its argument (`pass_through<float>(e)`) holds that
// argument's buffer only, another allocation than the one passed beside it.
__global__ void tmpl_return_apart(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

template <class T> T *pass_through(T *x) { return x; }

int main() {
    const int n = 1 << 20;
    float *d, *e;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    float *b = pass_through<float>(e);
    tmpl_return_apart<<<n / 256, 256>>>(d, b, n);
    return 0;
}
