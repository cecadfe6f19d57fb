// expect-verdict: racy
// As id_past_extent_guard.cu, but the test compares `blockIdx.x` with the
// grid's other extent, `gridDim.y`: block (2, 0) of a 16 x 2 grid passes it.
#define THREADS 64

__global__ void tally_other_dim(int *out, int n) {
    __shared__ int counts[32];
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(counts + (i & 31), 1);
    if (blockIdx.x == gridDim.y && threadIdx.x < 32)
        out[blockIdx.y * 32 + threadIdx.x] = counts[threadIdx.x]; //~ race
}

int main() {
    int *out = 0;
    tally_other_dim<<<dim3(16, 2), THREADS>>>(out, 1 << 20);
    return 0;
}
