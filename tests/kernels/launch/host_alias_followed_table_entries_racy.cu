// expect-verdict(shift): racy
// Entries of a pointer table at loop counters i, j over all pairs: i == j passes one buffer twice.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *bufs[2];
    for (int k = 0; k < 2; ++k) {
        cudaMalloc(&bufs[k], n * sizeof(float));
    }
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
            shift<<<n / 256, 256>>>(bufs[i], bufs[j], n);
        }
    }
    return 0;
}
