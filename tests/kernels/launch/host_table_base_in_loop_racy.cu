// expect-verdict: racy
// A loop assigns the two locals around a write of the index base: t[i ^ 1] of one iteration is t[i] after the flip.
// (see README, "distinct pointer parameters").
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}


int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *t[3];
    for (int k = 0; k < 3; ++k) {
        cudaMalloc(&t[k], n * sizeof(float));
    }
    int i = argc % 2;
    float *src = t[0];
    float *dst = t[1];
    for (int it = 0; it < 4; ++it) {
        src = t[i ^ 1];
        i ^= 1;
        dst = t[i];
    }
    shift<<<n / 256, 256>>>(src, dst, n);
    return 0;
}
