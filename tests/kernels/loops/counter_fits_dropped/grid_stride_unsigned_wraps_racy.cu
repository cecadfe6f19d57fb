// expect-verdict: racy
//--blockDim=100 --gridDim=3
// The twin of loops/grid_stride_unsigned.cu without the counter assumption:
// the grid has 300 threads, which does not divide 2^32, so an unsigned
// counter that wraps (n = 2^32 - 1: thread 0 passes 4294967100 < n and steps
// to 4294967400 mod 2^32 = 104) leaves its thread's residue class and meets
// thread 104's first element.

__global__ void grid_stride_unsigned_wraps(float *a, unsigned n) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        a[i] = threadIdx.x; //~ race write-write
}
