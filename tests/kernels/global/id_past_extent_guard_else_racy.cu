// expect-verdict: racy
// As id_past_extent_guard.cu, but the reset is in the `else` branch of the
// never-true test `blockIdx.x >= gridDim.x`: every thread runs it, while
// the next thread adds to the slot it resets.
#define THREADS 32

__global__ void tally_else(int *out, int n) {
    __shared__ int counts[32];
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(counts + (i & 31), 1);
    if (blockIdx.x >= gridDim.x)
        out[0] = 1;
    else
        counts[(threadIdx.x + 1) & 31] = 0; //~ race
}

int main() {
    int *out = 0;
    tally_else<<<16, THREADS>>>(out, 1 << 20);
    return 0;
}
