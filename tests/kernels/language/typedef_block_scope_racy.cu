// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The block-scope `typedef int T` ends at its brace: after it `T` is the
// file-scope `unsigned char`, so thread 1 writes byte 1 of `buf` through
// `p`, which thread 0 also writes.

typedef unsigned char T;

__global__ void k(int *out, int flag) {
  __shared__ unsigned char buf[256];
  if (flag) {
    typedef int T;
    out[threadIdx.x] = sizeof(T);
  }
  T *p = (T *)buf;
  p[threadIdx.x] = 1; //~ race write-write
  buf[4 * threadIdx.x + 1] = 2;
}
