// expect-verdict(shift): racy
// An argument array the scan does not read (a std::vector): the parameters may alias.
#include <vector>
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        out[i] = in[i + 1]; //~ race write-read
    }
}
int main() {
    int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    std::vector<void *> args{&a, &a, &n};
    cudaLaunchCooperativeKernel((void *)shift, dim3(n / 256), dim3(256), args.data(), 0, 0);
    return 0;
}
