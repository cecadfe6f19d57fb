// expect-verdict: racy
// A pointer into the table (q = t + 1): t[1] and q[0] are one entry.
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
    float **q = t + 1;
    shift<<<n / 256, 256>>>(t[1], q[0], n);
    return 0;
}
