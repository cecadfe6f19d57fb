// expect-verdict: racy
// The allocation is under a condition: on other iterations the pointer is
// not a fresh allocation (here it is another entry's buffer).
#include <vector>
__global__ void vf_nudge6(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    std::vector<float *> bufs(4);
    for (int k = 0; k < 4; k++) {
        float *b;
        if (k == 0)
            cudaMalloc((void **)&b, n * sizeof(float));
        else
            b = bufs[0];
        bufs[k] = b;
    }
    for (int k = 1; k < 4; k++) {
        vf_nudge6<<<n / 256, 256>>>(bufs[k - 1], bufs[k], n);
    }
    return 0;
}
