// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twins of odd_factor_counter.cu that stay racy.

// An even factor wraps to 0: 6^32 is a multiple of 2^32.
__global__ void times_six_unsigned(int *a, int m) {
    unsigned s = 1;
    for (int j = 0; j < m; j++)
        s *= 6;
    if (s == 0)
        a[0] = threadIdx.x; //~ race write-write
}

// The counter may start at 0 (start is a parameter).
__global__ void tripled_from_parameter(int *a, int m, unsigned start) {
    unsigned s = start;
    for (int j = 0; j < m; j++)
        s *= 3;
    if (s == 0)
        a[0] = threadIdx.x; //~ race write-write
}
