// expect-verdict: racy
// Twin of host_launch_template_call_args.cu: the same launch, with the
// input buffer also passed as the output: the host code passes one pointer
// twice (`tin` for both), so the shifted read races with the write.
struct Contiguous {};
struct Tensor {
    float *base;
    template <typename T, int D, typename L> T *data_as() { return (T *)base; }
};

__global__ void shifted_copy(int n, float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        out[i] = in[i + 1]; //~ race
}

void run(Tensor tin, int n) {
    float *p = tin.data_as<float, 3, Contiguous>();
    shifted_copy<<<(n + 255) / 256, 256>>>(n, p, p);
}
