// Claimed race: with n == 0 the mask n - 1 wraps to 0xffffffff, tid & mask == tid, and
// threads 0 and 1 both write out[0] (the `0 <= x & m <= m` fact must use the wrapped m).
__global__ void and_wrap_mask(int *out, unsigned n) {
  if (n == 0) out[(threadIdx.x & (n - 1)) >> 1] = threadIdx.x;
}
