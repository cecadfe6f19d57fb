// expect-verdict: racy
// As launch_relation_by_value_call.cu, but the size is passed before the
// launch to a function that takes it by reference (which may change it
// after the grid was computed), or to a function with no declaration in view:
// no relation, the grid is any the hardware allows, and `int base =
// blockIdx.x * 1024` wraps, so two blocks 2^22 apart write one segment
// (each stores its block id: storing `i` as the race-free twin does, the
// two blocks would store equal values, a benign race).
#define SLOTS 1024

__global__ void per_block_counters_ref(unsigned int *counters, const int n) {
    int base = blockIdx.x * SLOTS;
    for (int i = threadIdx.x; i < SLOTS; i += blockDim.x)
        counters[base + i] = blockIdx.x; //~ race
}

__global__ void per_block_counters_unknown(unsigned int *counters, const int n) {
    int base = blockIdx.x * SLOTS;
    for (int i = threadIdx.x; i < SLOTS; i += blockDim.x)
        counters[base + i] = blockIdx.x; //~ race
}

void round_up(float *histogram, int bins, int &n);

void count_buckets_ref(float *histogram, unsigned int *counters, int n) {
    int blocks = ((n - 1) / (32 * 128)) + 1;
    round_up(histogram, 1024, n);
    per_block_counters_ref<<<blocks, 32>>>(counters, n);
}

void count_buckets_unknown(float *histogram, unsigned int *counters, int n) {
    int blocks = ((n - 1) / (32 * 128)) + 1;
    undeclared_round_up(histogram, n);
    per_block_counters_unknown<<<blocks, 32>>>(counters, n);
}
