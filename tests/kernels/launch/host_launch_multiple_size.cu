// expect-verdict: race-free
// The size read at run time is a whole number of 1024-element pages
// (`pages * 1024`) and the blocks have 256 threads: a block is either wholly
// inside or wholly past the end, so the early return is uniform in each block
// and every thread of a block that stays reaches the barrier.
#define BLOCK 256

__global__ void shift_pages(const float *in, float *out, int n) {
    __shared__ float tile[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    tile[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = tile[(threadIdx.x + 1) % BLOCK];
}

int main(int argc, char **argv) {
    int pages = atoi(argv[1]);
    const int n = pages * 1024;
    float *in = 0, *out = 0;
    shift_pages<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n);
    return 0;
}
