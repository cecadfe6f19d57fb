// Claimed race: a plain store and an atomic to the same word from different threads.
__global__ void atomic_vs_plain(int *out) {
  if (threadIdx.x == 0) out[0] = 5;
  else atomicAdd(&out[0], 1);
}
