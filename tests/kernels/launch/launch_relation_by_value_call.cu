// expect-verdict: race-free
// The grid is computed from the size the kernel gets (`blocks = (n - 1) /
// 4096 + 1`), and the size is also passed, before the launch, to host
// functions declared in view that take it by value (`int n`, or through a C
// ellipsis like `printf`): they get a copy and cannot change it, so the
// relation `gridDim.x = (n - 1) / 4096 + 1` holds at the launch. Each block
// writes its own 1024-slot segment of the per-block counters; the kernel
// never reads n, the relation only bounds the grid (below 2^19 blocks) so
// that `int base = blockIdx.x * 1024` does not wrap.
#define SLOTS 1024

__global__ void per_block_counters(unsigned int *counters, const int n) {
    int base = blockIdx.x * SLOTS;
    for (int i = threadIdx.x; i < SLOTS; i += blockDim.x)
        counters[base + i] = i;
}

void plan_pivots(float *histogram, int bins, int n, int divisions);
int log_line(const char *format, ...);

void count_buckets(float *histogram, unsigned int *counters, int n) {
    int blocks = ((n - 1) / (32 * 128)) + 1;
    plan_pivots(histogram, 1024, n, 4);
    log_line("%d elements in %d blocks\n", n, blocks);
    per_block_counters<<<blocks, 32>>>(counters, n);
}
