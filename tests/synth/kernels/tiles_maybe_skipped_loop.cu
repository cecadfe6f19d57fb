// The same tiles with a loop that may run no iteration (`n` unknown): a
// barrier inside it does not order the store before the loop against the
// store after it, so one outside the loop is needed.
__global__ void tiles(const float *a, const float *b, float *out, int n) {
  __shared__ float keep[64];
  __shared__ float tile[64];
  int t = threadIdx.x;
  keep[t] = a[t];
  float acc = 0.0f;
  for (int p = 0; p < n; p += 64) {
    tile[t] = b[p + t];
    acc += tile[63 - t];
  }
  keep[63 - t] = acc;
  out[t] = keep[t];
}
