// expect-verdict(shift): racy
// Entries bufs[cur] and bufs[2 - cur]: the same entry at cur == 1.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *bufs[3];
    for (int k = 0; k < 3; ++k) {
        cudaMalloc(&bufs[k], n * sizeof(float));
    }
    for (int cur = 0; cur < 3; ++cur) {
        shift<<<n / 256, 256>>>(bufs[cur], bufs[2 - cur], n);
    }
    return 0;
}
