// Claimed race: m = 1 << k is negative for k == 31 (int); tid & m is 0 for all small tids,
// so all threads write out[0] when k == 31.
__global__ void and_shift_mask(int *out, int k) {
  int m = 1 << k;
  if (k == 31) out[threadIdx.x & m] = threadIdx.x;
}
