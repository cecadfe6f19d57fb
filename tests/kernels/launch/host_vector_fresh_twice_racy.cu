// expect-verdict: racy
// One fresh allocation stored into two entries.
#include <vector>
__global__ void vf_nudge3(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    std::vector<float *> bufs(8);
    for (int k = 0; k < 8; k += 2) {
        float *b;
        cudaMalloc((void **)&b, n * sizeof(float));
        bufs[k] = b;
        bufs[k + 1] = b;
    }
    for (int k = 1; k < 8; k++) {
        vf_nudge3<<<n / 256, 256>>>(bufs[k - 1], bufs[k], n);
    }
    return 0;
}
