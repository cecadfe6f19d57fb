// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Twins of geometric_counter_wraps_racy.cu that keep `s >= 1`: a signed
// `*` does not overflow (undefined behaviour), and an unsigned counter that
// the loop condition bounds from above (`s < n`) does not wrap under the
// default counter assumption (README "Modelling assumptions"), so the store
// to a[0] is never reached.

__global__ void doubled_signed(int *a, int m) {
    int s = 1;
    for (int j = 0; j < m; j++)
        s *= 2;
    if (s <= 0)
        a[0] = threadIdx.x;
}

__global__ void doubled_bounded_unsigned(int *a, unsigned n) {
    for (unsigned s = 1; s < n; s *= 2) {
        if (s == 0)
            a[0] = threadIdx.x;
    }
}
