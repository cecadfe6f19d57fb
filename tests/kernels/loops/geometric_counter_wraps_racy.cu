// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Geometric counters that wrap: unsigned `*` and `<<` are modulo 2^32 (C11
// 6.2.5p9) and a signed `<<` may reach the sign bit (C++14/17 define it), so
// with m = 32 (31 for the signed shift) the counter is 0 (INT_MIN) after the
// loop and every thread stores its own id to a[0]. The loop condition does
// not bound the counter, so no counter assumption applies.

__global__ void doubled_unsigned(int *a, int m) {
    unsigned s = 1;
    for (int j = 0; j < m; j++)
        s = s * 2;
    if (s == 0)
        a[0] = threadIdx.x; //~ race write-write
}

__global__ void shifted_unsigned(int *a, int m) {
    unsigned s = 1;
    for (int j = 0; j < m; j++)
        s <<= 1;
    if (s == 0)
        a[0] = threadIdx.x; //~ race write-write
}

__global__ void doubled_constant_trip(int *a) {
    unsigned s = 1;
    for (int j = 0; j < 32; j++)
        s *= 2;
    if (s == 0)
        a[0] = threadIdx.x; //~ race write-write
}

__global__ void shifted_signed(int *a, int m) {
    int s = 1;
    for (int j = 0; j < m; j++)
        s <<= 1;
    if (s < 0)
        a[0] = threadIdx.x; //~ race write-write
}

// A bound does not keep a counter with a large factor from wrapping: from 4,
// `s *= 1024` passes `s < n` at 4194304 for an ordinary n = 5000000 and
// wraps to 0, after which `0 < n` holds and every thread stores its id.
__global__ void large_factor_bounded(int *a, unsigned n) {
    unsigned s = 4;
    while (s < n) {
        if (s == 0)
            a[0] = threadIdx.x; //~ race write-write
        s *= 1024;
    }
}

__global__ void large_shift_bounded(int *a, unsigned n) {
    unsigned s = 4;
    while (s < n) {
        if (s == 0)
            a[0] = threadIdx.x; //~ race write-write
        s <<= 10;
    }
}
