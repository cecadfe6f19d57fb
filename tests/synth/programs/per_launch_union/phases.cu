// Two phases, each run by one instantiation only: with C = 2 the read of `s`
// needs a barrier after its write, with C = 4 the read of `t` needs one after
// its write; both barriers are missing. Each block fills its C * 64 elements
// of a 256-element slice of `out`, which overlap between blocks only for a C
// no launch passes (C > 4).
template <int C>
__global__ void phases(const int *in, int *out) {
    __shared__ int s[64];
    __shared__ int t[64];
    int i = threadIdx.x;
    s[i] = in[blockIdx.x * 64 + i];
    int x = 0;
    if (C == 2)
        x = s[(i + 1) % 64];
    t[i] = x + 1;
    int y = 0;
    if (C == 4)
        y = t[(i + 1) % 64];
    for (int j = i; j < C * 64; j += blockDim.x)
        out[blockIdx.x * 256 + j] = x + y + blockIdx.x;
}

int main() {
    int *in = 0, *out = 0;
    phases<2><<<8, 64>>>(in, out);
    phases<4><<<8, 64>>>(in, out);
    return 0;
}
