// `j` only grows in the loop (by `a[i] & 3`, which is not a counter's
// step: the checker proves `j >= t` with its loop-invariant search), so the
// store under `j < t` never runs and one barrier orders every pair. A
// synthesis checks the kernel without its barrier first; its candidates
// inherit that search's result (`check::reuse`). The twin
// `loop_invariant_falls.cu` lets `j` fall: the store runs and needs its own
// barrier.
__global__ void grows(const int *a, int *out, int n) {
  __shared__ int s[8];
  int t = threadIdx.x;
  int j = t;
  for (int i = 0; i < n; ++i) {
    if (a[i] > 0) {
      j = j + (a[i] & 3);
    }
  }
  s[t] = a[t];
  if (j < t) {
    s[(t + 1) % 8] = 0;
  }
  __syncthreads();
  out[t] = s[7 - t];
}
