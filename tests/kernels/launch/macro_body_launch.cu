// expect-verdict: race-free
// Launches written in macro bodies: the preprocessed launch keeps its
// chevrons, so the block sizes (256, 128, 64) the kernels' indexing is
// made for are read.
#include <cstdio>
#define LAUNCH(k, n, ...) k<<<((n) + 255) / 256, 256>>>(__VA_ARGS__)
#define LAUNCH_SMALL(k, n, a, b) k<<<(n + 127) / 128, 128>>>(a, b, n)
#define CHECK(call)                                                      \
    do {                                                                 \
        call;                                                            \
        cudaError_t e = cudaGetLastError();                              \
        if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e));     \
    } while (0)

__global__ void macro_scale(float *out, const float *in, int n) {
    out[blockIdx.x * 256 + threadIdx.x] = 2.0f * in[blockIdx.x * 256 + threadIdx.x];
}

__global__ void macro_shift(float *out, const float *in, int n) {
    out[blockIdx.x * 128 + threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x] + 1.0f;
}

__global__ void macro_halve(float *out, const float *in, int n) {
    out[blockIdx.x * 64 + threadIdx.x] = 0.5f * in[blockIdx.x * 64 + threadIdx.x];
}

int main() {
    float *a, *b;
    int n = 1 << 20;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    LAUNCH(macro_scale, n, a, b, n);
    LAUNCH_SMALL(macro_shift, n, a, b);
    CHECK((macro_halve<<<n / 64, 64>>>(a, b, n)));
    cudaDeviceSynchronize();
    return 0;
}
