// expect-verdict: racy
//--blockDim=4 --gridDim=2
// Racy twins of grid_stride_clamped_start.cu (8 threads: the solver finds
// the witnesses quickly). The end is clamped to another bound
// (`limit`, possibly above `n`): threads whose start was clamped to `n` all
// run the body at element `n`. The start is clamped to 0 instead of the
// length: a clamped thread runs from element 0, thread 0's.

__global__ void clamped_stride_other_bound(unsigned int n, unsigned int limit, float *a)
{
    unsigned int total = gridDim.x * blockDim.x;
    unsigned int per_thread = (n + (total - 1)) / total;
    unsigned int start = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int end = start + per_thread * total;
    if (start > n) {
        start = n;
    }
    if (end > limit) {
        end = limit;
    }
    for (unsigned int i = start; i < end; i += total) {
        a[i] = a[i] * 2.0f + 1.0f; //~ race read-write, race write-read, race write-write
    }
}

__global__ void clamped_stride_to_zero(unsigned int n, float *a)
{
    unsigned int total = gridDim.x * blockDim.x;
    unsigned int per_thread = (n + (total - 1)) / total;
    unsigned int start = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int end = start + per_thread * total;
    if (start > n) {
        start = 0;
    }
    if (end > n) {
        end = n;
    }
    for (unsigned int i = start; i < end; i += total) {
        a[i] = a[i] * 2.0f + 1.0f; //~ race read-write, race write-read, race write-write
    }
}
