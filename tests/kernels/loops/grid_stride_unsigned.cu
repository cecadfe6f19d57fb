// expect-verdict: race-free
// A grid-stride loop with an unsigned 32-bit counter under a symbolic launch:
// the grid's thread count S may reach 2^31 (index-fits), which divides 2^32,
// so even a wrapped counter stays in its thread's residue class modulo S;
// a smaller S is a small step, for which the counter assumption rules the
// wrap out. Every thread owns its elements (the racy twin without the
// counter assumption: counter_fits_dropped/grid_stride_unsigned_wraps_racy.cu).

__global__ void grid_stride_unsigned(float *a, const float *b, unsigned n) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        a[i] = 2.0f * b[i] + a[i];
}
