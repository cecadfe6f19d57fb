// expect-verdict(shift): race-free
// A graph kernel node whose kernelParams is an array of distinct buffers.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        out[i] = in[i + 1];
    }
}
int main() {
    int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphNode_t node;
    void *args[] = {&a, &b, &n};
    cudaKernelNodeParams p = {};
    p.func = (void *)shift;
    p.gridDim = dim3(n / 256);
    p.blockDim = dim3(256);
    p.kernelParams = args;
    cudaGraphAddKernelNode(&node, g, nullptr, 0, &p);
    return 0;
}
