// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Geometric counters whose update converts through a narrower type
// (review findings on d59a45f and main): the conversion reduces modulo
// 2^8, so 256 * 3 = 768 becomes 0 and from the second iteration every
// thread stores to a[0]. Neither the odd-factor non-zero fact (taken modulo
// the counter's own width) nor the growth of a signed int counter holds.

__global__ void odd_factor_through_uchar(int *a, unsigned n) {
    unsigned s = 256u;
    for (unsigned i = 0; i < n; i++) {
        if (s == 0u)
            a[0] = threadIdx.x; //~ race write-write
        s = (unsigned char)(s * 3u);
    }
}

__global__ void signed_growth_through_schar(int *a, int m) {
    int s = 256;
    for (int i = 0; i < m; i++) {
        if (s == 0)
            a[0] = threadIdx.x; //~ race write-write
        s = (signed char)(s * 3);
    }
}

// Halving through a signed char: (signed char)(1000 / 2) = -12 < 0.
__global__ void halving_through_schar(int *a, int m) {
    int s = 1000;
    for (int i = 0; i < m; i++) {
        if (s < 0)
            a[0] = threadIdx.x; //~ race write-write
        s = (signed char)(s / 2);
    }
}
