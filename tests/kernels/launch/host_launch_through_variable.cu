// expect-verdict: race-free
// Template kernels launched through variables that hold them (`auto k =
// kern<..>;`, as code does to set an attribute first): each launch is of
// that instantiation, with its block size, and the kernel's name in the
// variable's definition is not another launch with unknown sizes.
template <int W>
__global__ void add_row(float *a) {
    a[blockIdx.x * W + threadIdx.x] += 1.0f;
}

template <typename T, int W>
__global__ void copy_row(T *dst, const T *src) {
    __shared__ T row[W];
    row[threadIdx.x] = src[blockIdx.x * W + threadIdx.x];
    __syncthreads();
    dst[blockIdx.x * W + threadIdx.x] = row[W - 1 - threadIdx.x];
}

void run(float *a, float *b, int rows) {
    constexpr int width = 128;
    auto add = add_row<width>;
    cudaFuncSetAttribute(add, cudaFuncAttributePreferredSharedMemoryCarveout, 0);
    add<<<rows, width>>>(a);
    auto copy = &copy_row<float, 64>;
    copy<<<rows, 64>>>(b, a);
}
