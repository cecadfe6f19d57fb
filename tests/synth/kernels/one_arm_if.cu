// The twin of both_arms_uniform_if.cu without an else arm: a barrier in the
// then arm alone does not run when `mode <= 0`, so the store before the `if`
// and the load after it need a barrier outside it.
__global__ void arms(const float *a, float *out, int mode) {
  __shared__ float s[64];
  __shared__ float u[64];
  int t = threadIdx.x;
  s[t] = a[t];
  if (mode > 0) {
    u[t] = a[t] + 1.0f;
    out[t] = u[63 - t];
  }
  out[64 + t] = s[63 - t];
}
