// expect-verdict: divergent
// The size is a whole number of 1000-element pages, not a multiple of the 256
// threads of a block (nor is a fraction of pages times 1024 one): the last
// block is cut by the early return and its remaining threads wait at the
// barrier for threads that left.
#define BLOCK 256

__global__ void shift_records(const float *in, float *out, int n) {
    __shared__ float tile[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    tile[threadIdx.x] = in[i];
    __syncthreads(); //~ divergence
    out[i] = tile[(threadIdx.x + 1) % BLOCK];
}

__global__ void shift_scaled(const float *in, float *out, int n) {
    __shared__ float tile[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    tile[threadIdx.x] = in[i];
    __syncthreads(); //~ divergence
    out[i] = tile[(threadIdx.x + 1) % BLOCK];
}

int main(int argc, char **argv) {
    int pages = atoi(argv[1]);
    const int n = pages * 1000;
    float scale = atof(argv[2]);
    const int m = scale * 1024;
    float *in = 0, *out = 0;
    shift_records<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n);
    shift_scaled<<<(m + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, m);
    return 0;
}
