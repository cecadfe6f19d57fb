// expect-verdict: race-free
//--blockDim=128 --gridDim=16
// Functional casts `float(x)`, `int(x)`, `unsigned(x)`, `uint(x)` and a
// typedef'd name mean the C cast: the index they compute is exact, so each
// thread writes its own element.

typedef unsigned int index_t;

__global__ void scale(float *out, const float *in, int n) {
  int i = int(blockIdx.x) * int(blockDim.x) + int(threadIdx.x);
  float x = float(i) * 0.5f;
  unsigned u = unsigned(i);
  index_t j = index_t(u);
  if (uint(j) < uint(n))
    out[j] = in[j] + x + float(int(x));
}
