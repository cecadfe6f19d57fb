// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// A prefix over strided slices: each of the 1024 threads of the launch
// walks `i = tid, tid + DIVISIONS, ...` with DIVISIONS a constant equal to
// the grid's thread count (the host sizes the launch from it:
// `<<<DIVISIONS / 128, 128>>>`), so two threads never meet at one `i`. The
// grid-stride theorem takes the constant for `blockDim.x * gridDim.x` under
// this launch (`check::grid_stride`), without a solver query.
#define LOG_DIVISIONS 10
#define DIVISIONS (1 << LOG_DIVISIONS)

__global__ void strided_prefix(unsigned *prefix, unsigned *totals, int rows) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int size = rows * DIVISIONS;
    unsigned sum = 0;
    for (int i = tid; i < size; i += DIVISIONS) {
        unsigned x = prefix[i];
        prefix[i] = sum;
        sum += x;
    }
    totals[tid] = sum;
}
