// Claimed race: index (tid * 65536) in 16-bit unsigned arithmetic is 0 for every tid.
__global__ void injective_ushort(int *out) {
  unsigned short i = (unsigned short)(threadIdx.x * 65536u);
  out[i] = threadIdx.x;
}
