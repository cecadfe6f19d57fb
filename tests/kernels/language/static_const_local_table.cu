// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// A `static const` local table is read-only: every thread sees the same
// values, so reading it per thread is exact and the kernel is race-free.

__global__ void static_const_table(int *out) {
    static const int weights[4] = {1, 2, 4, 8};
    out[blockIdx.x * 64 + threadIdx.x] = weights[threadIdx.x % 4] * threadIdx.x;
}
