// expect-verdict: racy
// Twins of macro_body_launch.cu: the block sizes read from the macro
// bodies are larger than the stride each kernel's indexing assumes, so a
// block's last threads write the next block's first elements.
#include <cstdio>
#define LAUNCH(k, n, ...) k<<<((n) + 511) / 512, 512>>>(__VA_ARGS__)
#define LAUNCH_SMALL(k, n, a, b) k<<<(n + 255) / 256, 256>>>(a, b, n)
#define CHECK(call)                                                      \
    do {                                                                 \
        call;                                                            \
        cudaError_t e = cudaGetLastError();                              \
        if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e));     \
    } while (0)

__global__ void macro_racy_scale(float *out, const float *in, int n) {
    out[blockIdx.x * 256 + threadIdx.x] = 2.0f * in[blockIdx.x * 256 + threadIdx.x]; //~ race write-write
}

__global__ void macro_racy_shift(float *out, const float *in, int n) {
    out[blockIdx.x * 128 + threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x] + 1.0f; //~ race write-write
}

__global__ void macro_racy_halve(float *out, const float *in, int n) {
    out[blockIdx.x * 64 + threadIdx.x] = 0.5f * in[blockIdx.x * 64 + threadIdx.x]; //~ race write-write
}

int main() {
    float *a, *b;
    int n = 1 << 20;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    LAUNCH(macro_racy_scale, n, a, b, n);
    LAUNCH_SMALL(macro_racy_shift, n, a, b);
    CHECK((macro_racy_halve<<<n / 128, 128>>>(a, b, n)));
    cudaDeviceSynchronize();
    return 0;
}
