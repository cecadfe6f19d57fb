// expect-verdict: race-free
// Accesses under a test that says an id is at least its extent
// (`blockIdx.x == gridDim.x`, `gridDim.y <= blockIdx.y`,
// `!(threadIdx.x < blockDim.x)`) run in no thread: every id lies in
// [0, extent). The copy-out after the unsynchronised atomics (a benchmark
// bug: it was meant for the last block) and the two resets never happen,
// so nothing races with the atomics.
#define THREADS 64

__global__ void tally_never(int *out, int n) {
    __shared__ int counts[32];
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(counts + (i & 31), 1);
    if (blockIdx.x == gridDim.x && threadIdx.x < 32)
        out[threadIdx.x] = counts[threadIdx.x];
    if (gridDim.y <= blockIdx.y)
        counts[0] = 0;
    if (!(threadIdx.x < blockDim.x))
        counts[1] = 0;
}

int main() {
    int *out = 0;
    tally_never<<<dim3(16, 2), THREADS>>>(out, 1 << 20);
    return 0;
}
