// expect-verdict: racy
//--blockDim=256 --gridDim=1
// The same conditions, read as C++ reads them, let two threads write one
// element: every thread in range writes `out[lo]`.

#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

__global__ void in_range(int *out, int lo, int hi) {
  int row = threadIdx.x;
  if (IN_RANGE(row, lo, hi))
    out[lo] = row; //~ race write-write
}

__global__ void between(int *out, int lo, int hi) {
  int row = threadIdx.x, col = threadIdx.y;
  if (row > (lo - 1) && row < (lo + hi) && col > (lo - 2))
    out[hi] = row; //~ race write-write
}
