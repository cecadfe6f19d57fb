// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Comments among the items of a returned braced list are not items: the
// object is built from the two values, and its pointer is used by every
// thread to write out[0].

struct Acc {
  float *p;
  int n;
  __device__ Acc(float *q, int m) : p(q), n(m) {}
};

__device__ Acc make(float *q) {
  return {
      q,
      // the count is not known here
      /* so */ -1,
  };
}

__global__ void k(float *out) {
  Acc a = make(out);
  a.p[0] = threadIdx.x; //~ race write-write
}
