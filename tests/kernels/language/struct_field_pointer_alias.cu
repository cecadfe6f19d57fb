// expect-verdict(field_and_param_same_index): race-free
// expect-verdict(field_and_restrict_param): race-free
//--blockDim=64 --gridDim=1
// A pointer in a by-value struct parameter may hold the pointer passed as
// another parameter (`w.p = d; k<<<..>>>(w, d)`): it is taken as the same
// array as each plain pointer parameter of its element size. Each thread
// touches only index i of both: race-free either way. A `const __restrict__`
// parameter is promised not to be written through another pointer.

struct SfpWrap {
  float *p;
};

__global__ void field_and_param_same_index(SfpWrap w, float *d) {
  int i = threadIdx.x;
  w.p[i] = d[i] + 1.0f;
}

__global__ void field_and_restrict_param(SfpWrap w, const float *__restrict__ d) {
  int i = threadIdx.x;
  w.p[i] = d[i + 1];
}
