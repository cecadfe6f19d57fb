// expect-verdict: race-free
// The first point of each thread is stored before the loop, the loop walks
// the rest with an `unsigned` counter and an `int` stride (`int stride =
// gridDim.x * blockDim.x`, the grid's thread count, which fits an `int` by
// the index-fits assumption, so converting it to `unsigned` keeps its
// value): the step is below 2^31, so the counter does not wrap (counter
// assumption) and stays congruent to the thread's own index.

__global__ void strided_points(unsigned n, float *__restrict__ out) {
    int i0 = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = gridDim.x * blockDim.x;
    if (i0 < n)
        out[i0] = 1.0f;
    for (unsigned int i = i0 + stride; i < n; i += stride)
        out[i] = 2.0f;
}

// The same in rows of `n` points, one row per `blockIdx.y`.
__global__ void strided_rows(unsigned n, float *__restrict__ out) {
    out += n * blockIdx.y;
    int i0 = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = gridDim.x * blockDim.x;
    if (i0 < n)
        out[i0] = 1.0f;
    for (unsigned int i = i0 + stride; i < n; i += stride)
        out[i] = 2.0f;
}
