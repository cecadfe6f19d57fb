// expect-verdict: racy
//--blockDim=100 --gridDim=1
// The twin of loops/bounded_stride_counter.cu without the counter assumption:
// with n = 2^32 - 1 thread 0 passes 4294967200 < n, steps to 4294967300
// mod 2^32 = 4 and writes a[4], which thread 4 wrote in its first pass (100
// does not divide 2^32, so the wrapped values leave the thread's residue
// class). C defines this behaviour for unsigned counters.

__global__ void stride_by_100(float *a, unsigned n) {
    for (unsigned i = threadIdx.x; i < n; i += 100u)
        a[i] = threadIdx.x; //~ race write-write
}

// Counting down by 3 with `i >= m` bounding it: with m = 0 the counter passes
// 1 >= 0 and steps to 2^32 - 2, another thread's start residue class.
__global__ void count_down_by_3(float *a, unsigned m) {
    for (unsigned i = 4000000000u - threadIdx.x; i >= m; i -= 3u)
        a[i] = threadIdx.x; //~ race write-write
}
