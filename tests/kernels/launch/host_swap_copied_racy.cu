// expect-verdict(shift): racy
// The swapped buffers are one allocation (b = a before the loop): in-place shift.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *a;
    float *b;
    cudaMalloc(&a, n * sizeof(float));
    b = a;
    for (int it = 0; it < 4; it++) {
        shift<<<n / 256, 256>>>(a, b, n);
        float *t = a;
        a = b;
        b = t;
    }
    return 0;
}
