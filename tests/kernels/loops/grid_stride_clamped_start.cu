// expect-verdict: race-free
// A grid-stride loop whose start and end are the global index and its last
// element clamped to the length (`if (start > n) start = n;` and the same
// for `end`): a thread whose start was clamped fails the first test
// `n < end` (end <= n), so every thread that runs the body starts from its
// own global index, and two threads never share an element. The outer
// repetition reruns the same loop.

__global__ void clamped_stride(unsigned int trials, unsigned int n, float *a)
{
    unsigned int total = gridDim.x * blockDim.x;
    unsigned int per_thread = (n + (total - 1)) / total;
    unsigned int start = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int end = start + per_thread * total;
    if (start > n) {
        start = n;
    }
    if (end > n) {
        end = n;
    }
    for (unsigned int j = 0; j < trials; ++j) {
        for (unsigned int i = start; i < end; i += total) {
            a[i] = a[i] * 2.0f + 1.0f;
        }
    }
}
