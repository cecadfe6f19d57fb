// expect-verdict: racy
//--blockDim=128 --gridDim=1
// `short(x)` truncates like `(short)x` (so `t + 65536` becomes `t`) and
// `unsigned(...) / 2u` sends two neighbouring threads to the same element.

__global__ void halve(float *out) {
  int t = int(threadIdx.x);
  out[unsigned(short(t + 65536)) / 2u] = float(t); //~ race write-write
}
