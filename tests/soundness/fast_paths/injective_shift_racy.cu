// Claimed race: tid << 31 in 32-bit unsigned keeps only bit 0: tids 0 and 2 both write out[0].
__global__ void injective_shift(int *out) {
  unsigned i = threadIdx.x << 31;
  out[i >> 31] = threadIdx.x;
}
