// expect-verdict: racy
// The pointer is declared (and allocated) outside the loop that stores it:
// every entry holds one buffer.
#include <vector>
__global__ void vf_nudge2(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    int levels = 4;
    std::vector<float *> bufs(levels);
    float *b;
    cudaMalloc((void **)&b, n * sizeof(float));
    for (int k = 0; k < levels; k++) {
        bufs[k] = b;
    }
    for (int k = 1; k < levels; k++) {
        vf_nudge2<<<n / 256, 256>>>(bufs[k - 1], bufs[k], n);
    }
    return 0;
}
