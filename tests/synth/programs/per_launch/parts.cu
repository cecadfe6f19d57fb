// Each block copies its C * 64 inputs into shared memory and writes them,
// rotated by one, to its 256-element slice of `out`; the barrier between the
// two loops is missing. Launched with C = 2 and C = 4, the slices never
// overlap, so one barrier repairs both launches; for a C no launch passes
// (C > 4) the slices of two blocks overlap.
template <int C>
__global__ void parts(const int *in, int *out) {
    __shared__ int s[C * 64];
    for (int i = threadIdx.x; i < C * 64; i += blockDim.x)
        s[i] = in[blockIdx.x * C * 64 + i];
    int *o = out + blockIdx.x * 256;
    for (int i = threadIdx.x; i < C * 64; i += blockDim.x)
        o[i] = s[(i + 1) % (C * 64)];
}

int main() {
    int *in = 0, *out = 0;
    parts<2><<<8, 64>>>(in, out);
    parts<4><<<8, 64>>>(in, out);
    return 0;
}
