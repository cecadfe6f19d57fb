// expect-verdict: racy
// One buffer stored into two entries (t[0] = p; t[1] = p): entries 0 and 1 are one array.
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
    t[0] = p;
    t[1] = p;
    shift<<<n / 256, 256>>>(t[0], t[1], n);
    return 0;
}
