// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A kernel template launched with three element types, each checked apart
// (`k<char>`, `k<int>`, `k<double>`): thread i writes the first byte of its
// own element through a byte view, then the element; sizeof(T) is each
// instantiation's own.

template <typename T>
__global__ void own_element(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((char *)a)[i * sizeof(T)] = 1;
  a[i] = (T)2;
}

int main() {
  char *c;
  int *x;
  double *y;
  own_element<char><<<4, 64>>>(c);
  own_element<int><<<4, 64>>>(x);
  own_element<<<4, 64>>>(y);
}
