// expect-verdict: racy
// As id_past_extent_guard.cu, but the copy-out is under
// `blockIdx.x == gridDim.x - 1`: the last block runs it, with no barrier
// after the other threads' atomics on `counts`.
#define THREADS 64

__global__ void tally_last(int *out, int n) {
    __shared__ int counts[32];
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(counts + (i & 31), 1);
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x < 32)
        out[threadIdx.x] = counts[threadIdx.x]; //~ race
}

int main() {
    int *out = 0;
    tally_last<<<16, THREADS>>>(out, 1 << 20);
    return 0;
}
