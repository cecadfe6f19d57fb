// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// A counter multiplied by an odd constant never becomes 0 when it starts
// non-zero: the product wraps modulo 2^32 (unsigned) or 2^16 (a short's
// conversion back), and an odd factor is invertible modulo a power of two,
// so only a multiple of 2^w maps to 0. The racy store is unreachable.

__global__ void tripled_unsigned(int *a, int m) {
    unsigned s = 1;
    for (int j = 0; j < m; j++)
        s *= 3;
    if (s == 0)
        a[0] = threadIdx.x;
    a[threadIdx.x + 1] = (int)s;
}

__global__ void times_five_short(int *a, int m, short start) {
    if (start == 0)
        return;
    short s = start;
    for (int j = 0; j < m; j++)
        s = s * 5;
    if (s == 0)
        a[0] = threadIdx.x;
}
