// A uniform `if` whose arms each need a barrier of their own: together the
// two also order the store before the `if` against the load after it (every
// thread takes the same arm), so the least-cost placement has no third one.
__global__ void arms(const float *a, float *out, int mode) {
  __shared__ float s[64];
  __shared__ float u[64];
  int t = threadIdx.x;
  s[t] = a[t];
  if (mode > 0) {
    u[t] = a[t] + 1.0f;
    out[t] = u[63 - t];
  } else {
    u[t] = a[t] - 1.0f;
    out[t] = u[63 - t] * 2.0f;
  }
  out[64 + t] = s[63 - t];
}
