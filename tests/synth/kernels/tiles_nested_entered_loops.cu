// Tile loops nested two deep, both entered by every thread (constant
// bounds): the barriers of the inner loop's first iteration also order the
// store before the loops against the store after them, so the least-cost
// placement needs no barrier before the loops for that pair.
__global__ void tiles(const float *a, const float *b, float *out) {
  __shared__ float keep[64];
  __shared__ float tile[64];
  int t = threadIdx.x;
  keep[t] = a[t];
  float acc = 0.0f;
  for (int q = 0; q < 256; q += 128) {
    for (int p = 0; p < 128; p += 64) {
      tile[t] = b[q + p + t];
      acc += tile[63 - t];
    }
  }
  keep[63 - t] = acc;
  out[t] = keep[t];
}
