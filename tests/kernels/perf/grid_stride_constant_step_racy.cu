// expect-verdict: racy
//--blockDim=128 --gridDim=8
// The twin of grid_stride_constant_step.cu with a step of half the grid's
// thread count: thread t and thread t + 512 meet at `i = t + 512` (the
// second's first element, the first's second one).
#define DIVISIONS 512

__global__ void strided_prefix(unsigned *prefix, unsigned *totals, int rows) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int size = rows * DIVISIONS;
    unsigned sum = 0;
    for (int i = tid; i < size; i += DIVISIONS) {
        unsigned x = prefix[i]; //~ race
        prefix[i] = sum; //~ race
        sum += x;
    }
    totals[tid] = sum;
}
