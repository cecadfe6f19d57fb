// Claimed race: two textually identical stores `out[i] = threadIdx.x;` where i is redefined between
// them (i = tid / 2): structural dedup / the pair cache must not reuse the first pair's verdict.
__global__ void dedup_shadow(int *out) {
  int i = threadIdx.x;
  out[i] = threadIdx.x;
  __syncthreads();
  i = threadIdx.x / 2;
  out[i] = threadIdx.x;
}
