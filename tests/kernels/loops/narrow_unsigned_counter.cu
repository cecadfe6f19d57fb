// expect-verdict(uchar_block_stride): race-free
// Race-free twin of narrow_unsigned_counter_wraps_racy.cu: a step of
// blockDim.x keeps each thread in its own residue modulo blockDim.x only
// while the counter does not wrap; here the counter only names the row and
// the thread's column is threadIdx.x, so wrapping revisits its own elements.
//--blockDim=128 --gridDim=1

__global__ void uchar_block_stride(int *a, int n) {
  for (unsigned char r = 0; r < n; r++)
    a[r * 128 + threadIdx.x] = r;
}
