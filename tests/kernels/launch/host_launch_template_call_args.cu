// expect-verdict: race-free
// Launch arguments that call a member template with several template
// arguments (`t.data_as<float, 3, Contiguous>()`): the commas inside the
// template argument list separate no arguments. Split there, the `3`s would
// be bound to the pointers `out` and `in` (the same "constant": aliased
// buffers and a false race); the arguments are unknown, the buffers
// distinct as for any launch with unknown pointer arguments.
struct Contiguous {};
struct Tensor {
    float *base;
    template <typename T, int D, typename L> T *data_as() { return (T *)base; }
};

__global__ void shifted_copy(int n, const float *a, float *out, const float *b,
                             const float *c, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        out[i] = in[i + 1] + a[i] * b[i] * c[i];
}

void run(Tensor ta, Tensor tout, Tensor tb, Tensor tc, Tensor tin, int n) {
    shifted_copy<<<(n + 255) / 256, 256>>>(
        n, ta.data_as<float, 3, Contiguous>(), tout.data_as<float, 3, Contiguous>(),
        tb.data_as<float, 3, Contiguous>(), tc.data_as<float, 3, Contiguous>(),
        tin.data_as<float, 3, Contiguous>());
}
