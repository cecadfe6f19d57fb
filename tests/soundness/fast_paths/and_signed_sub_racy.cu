// Claimed race: signed mask n - 1 with n == 0 is -1: i = tid & -1 = tid; (i >> 1) collides for tids 0, 1.
__global__ void and_signed_sub(int *out, int n) {
  int i = threadIdx.x & (n - 1);
  if (n == 0) out[i >> 1] = threadIdx.x;
}
