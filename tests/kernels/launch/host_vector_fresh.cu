// expect-verdict: race-free
// A vector of pointers filled in a loop with a fresh allocation per
// iteration (a block-local pointer given its value by cudaMalloc): distinct
// entries hold distinct allocations (see README, "distinct pointer
// parameters").
#include <vector>
#include <cmath>
__global__ void vf_nudge(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

void vf_step(const float *in, float *out, int n) {
    vf_nudge<<<n / 256, 256>>>(in, out, n);
}

int main() {
    const int n = 1 << 20;
    int levels = 4;
    std::vector<float *> bufs(levels);
    for (int k = 0; k < levels; k++) {
        float *b;
        cudaMalloc((void **)&b, n * sizeof(float));
        bufs[k] = b;
    }
    std::vector<float *> more;
    for (int k = 0; k < levels; k++) {
        float *c = nullptr;
        cudaMalloc(&c, n * sizeof(float));
        more.push_back(c);
    }
    for (int k = 1; k < (int)bufs.size(); k++) {
        vf_step(bufs[k - 1], bufs[k], n);
        vf_step(more[k], more[k - 1], n);
        vf_step(bufs[k], bufs[k - 1], (int)(n / std::pow(2.0f, (float)(k - 1))));
    }
    for (int k = 0; k < levels; k++) {
        cudaFree(bufs[k]);
        cudaFree(more[k]);
    }
    return 0;
}
