// expect-verdict: racy
// The twin of grid_stride_int_stride_unsigned_counter.cu whose loop starts
// one point too early (`i0 + stride - 1`): thread t's second point is
// thread t - 1's first.

__global__ void strided_points(unsigned n, float *__restrict__ out) {
    int i0 = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = gridDim.x * blockDim.x;
    if (i0 < n)
        out[i0] = 1.0f; //~ race write-write
    for (unsigned int i = i0 + stride - 1; i < n; i += stride)
        out[i] = 2.0f; //~ race write-write
}
