// Claimed race: x & m with negative mask m = -4 is not bounded by m; threads 0..3 all write out[0].
__global__ void mask_neg(int *out) {
  int m = -4;
  int i = threadIdx.x & m;
  out[i] = threadIdx.x;
}
