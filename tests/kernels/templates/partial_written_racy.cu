// expect-verdict(pair<double>): racy
// expect-verdict(pair<int>): race-free
// Thread i writes byte 4 * i of b, in element i / 2 when sizeof(U) == 8: only
// U = double races. `pair<int>` writes T alone and deduces U, so the text `int`
// names no instantiation: the 4-block launch `pair<int>(x, d)` is a launch of
// pair<int, double>, though `int` is also the label of the U = int one.

template <class T, class U>
__global__ void pair(T *a, U *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((char *)b)[i * 4] = 1; //~ race write-write
  b[i] = (U)2;
  a[i] = 0;
}

int main() {
  int *x, *y;
  double *d;
  pair<int><<<4, 1>>>(x, d);
  pair<int, int><<<1, 1>>>(x, y);
  pair<<<1, 1>>>(x, d);
}
