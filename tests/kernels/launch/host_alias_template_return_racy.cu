// expect-verdict: racy
// A specialization of a function template named with its template arguments
// (`pass_through_twin<float>(d)`) returns its argument: the launch passes one
// buffer twice (before session 59 such a call was an opaque text root, a
// distinct allocation).
__global__ void tmpl_return_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

template <class T> T *pass_through_twin(T *x) { return x; }

int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    float *b = pass_through_twin<float>(d);
    tmpl_return_twin<<<n / 256, 256>>>(d, b, n);
    return 0;
}
