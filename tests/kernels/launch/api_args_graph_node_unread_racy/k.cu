// expect-verdict(shift): racy
// A graph node whose kernelParams the scan does not read: the parameters may alias.
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
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphNode_t node;
    void **args = (void **)malloc(3 * sizeof(void *));
    args[0] = &a; args[1] = &a; args[2] = &n;
    cudaKernelNodeParams p = {};
    p.func = (void *)shift;
    p.kernelParams = args;
    cudaGraphAddKernelNode(&node, g, nullptr, 0, &p);
    return 0;
}
