// expect-verdict: racy
//--blockDim=128 --gridDim=8
// As union_in_method.cu, but the index comes from the union's bits: its value
// is not known, so two threads may write the same element.

struct Bits {
  __device__ int index(float x) {
    union { float f; int i; } u;
    u.f = x;
    return u.i & 1023;
  }
};

__global__ void scatter(float *out) {
  Bits b;
  out[b.index((float)threadIdx.x)] = (float)threadIdx.x; //~ race write-write
}
