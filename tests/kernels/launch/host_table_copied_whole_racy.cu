// expect-verdict: racy
// The table filled by memcpy from one holding one buffer thrice: any two entries may be one array.
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
    float *p;
    cudaMalloc(&p, n * sizeof(float));
    float *s[3] = {p, p, p};
    memcpy(t, s, sizeof t);
    shift<<<n / 256, 256>>>(t[0], t[1], n);
    return 0;
}
