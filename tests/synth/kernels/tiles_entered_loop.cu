// A tile loop every thread enters (constant bounds): its barriers also order
// the store before the loop against the store after it, so the least-cost
// placement needs no barrier outside the loop for that pair.
__global__ void tiles(const float *a, const float *b, float *out) {
  __shared__ float keep[64];
  __shared__ float tile[64];
  int t = threadIdx.x;
  keep[t] = a[t];
  float acc = 0.0f;
  for (int p = 0; p < 256; p += 64) {
    tile[t] = b[p + t];
    acc += tile[63 - t];
  }
  keep[63 - t] = acc;
  out[t] = keep[t];
}
