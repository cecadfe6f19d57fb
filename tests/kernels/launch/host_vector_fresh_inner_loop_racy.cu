// expect-verdict: racy
// The store is in a loop inside the block that allocates: one allocation
// per outer iteration lands in several entries.
#include <vector>
__global__ void vf_nudge5(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    std::vector<float *> bufs;
    for (int k = 0; k < 2; k++) {
        float *b;
        cudaMalloc((void **)&b, n * sizeof(float));
        for (int r = 0; r < 2; r++) {
            bufs.push_back(b);
        }
    }
    for (int k = 1; k < 4; k++) {
        vf_nudge5<<<n / 256, 256>>>(bufs[k - 1], bufs[k], n);
    }
    return 0;
}
