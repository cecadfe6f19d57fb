// Twin of `loop_invariant_grows.cu`: `j` falls in the loop, so the store
// under `j < t` runs (when some `a[i] > 0`) and races with the neighbour's
// store of `s[t]`: it needs a barrier of its own.
__global__ void falls(const int *a, int *out, int n) {
  __shared__ int s[8];
  int t = threadIdx.x;
  int j = t;
  for (int i = 0; i < n; ++i) {
    if (a[i] > 0) {
      j = j - (a[i] & 3);
    }
  }
  s[t] = a[t];
  __syncthreads();
  if (j < t) {
    s[(t + 1) % 8] = 0;
  }
  __syncthreads();
  out[t] = s[7 - t];
}
