// expect-verdict: race-free
//--blockDim=1 --gridDim=1
// A launch of one block of one thread (`<<<1, 1>>>`, serial code on the
// device): no two distinct threads exist, so no pair of accesses races,
// whatever their offsets (here data-dependent ones).

__global__ void serial_histogram(int *out, const int *in, int n) {
    for (int i = 0; i < n; ++i) {
        out[in[i] % 7] = out[(i * i) % 5] + in[i];
    }
}
