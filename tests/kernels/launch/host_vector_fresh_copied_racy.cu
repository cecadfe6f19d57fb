// expect-verdict: racy
// The vector is copied (its data() escapes to a call that may write any
// entry): entries may repeat.
#include <vector>
#include <algorithm>
__global__ void vf_nudge4(const float *in, float *out, int n) {
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
        cudaMalloc((void **)&b, n * sizeof(float));
        bufs[k] = b;
    }
    std::fill(bufs.data() + 1, bufs.data() + 4, bufs[0]);
    for (int k = 1; k < 4; k++) {
        vf_nudge4<<<n / 256, 256>>>(bufs[k - 1], bufs[k], n);
    }
    return 0;
}
