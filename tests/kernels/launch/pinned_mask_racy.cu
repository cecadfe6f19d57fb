// expect-verdict: racy
// Twins of pinned_mask.cu: a stride that is not a power of two (threads 16
// and 32 both have i0 = 32), and a partner one short of the stride (thread
// 0's i1 is thread 63's i0).

__global__ void butterfly_not_pow2(float *d, const unsigned stride) {
  unsigned t = threadIdx.x;
  unsigned lo = t & (stride - 1);
  unsigned i0 = ((t - lo) << 1) + lo;
  d[i0] = (float)t; //~ race write-write
}

__global__ void butterfly_short(float *d, const unsigned stride) {
  unsigned t = threadIdx.x;
  unsigned lo = t & (stride - 1);
  unsigned i0 = ((t - lo) << 1) + lo;
  unsigned i1 = i0 + stride - 1;
  d[i0] = (float)t; //~ race write-write
  d[i1] = (float)t; //~ race write-write
}

void run(float *f) {
  butterfly_not_pow2<<<1, 128>>>(f, 48);
  butterfly_short<<<1, 128>>>(f, 64);
}
