// expect-verdict: race-free
// A radix-2 butterfly whose stride every launch passes as one constant: the
// launch's value pins the parameter (a precondition `stride == 64` at the
// kernel's start), so its range is that point and `t & (stride - 1)` is
// `t mod 64` for the solver, not a bit-vector `and` (which it did not decide
// within the budget).

__global__ void butterfly(float *d, const unsigned stride) {
  unsigned t = threadIdx.x;
  unsigned lo = t & (stride - 1);
  unsigned i0 = ((t - lo) << 1) + lo;
  unsigned i1 = i0 + stride;
  float a = d[i0], b = d[i1];
  d[i0] = a + b;
  d[i1] = a - b;
}

// Each thread's slot and the slot a size further: `2t - (t & (size - 1))`.
__global__ void interleave(unsigned *d, const unsigned size) {
  unsigned pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
  d[pos] = 0;
  d[pos + size] = threadIdx.x;
}

void run(float *f, unsigned *u) {
  butterfly<<<1, 128>>>(f, 64);
  interleave<<<1, 256>>>(u, 256);
}
