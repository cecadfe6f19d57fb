// expect-verdict: unsupported
//--blockDim=128 --gridDim=8
// The host template is also called with a deduced argument (`run(b)`): its
// instantiations are not all written out, so the kernel's type parameter
// stays opaque data (sizes unknown) and the byte view is refused, never
// checked as the `int` instantiation alone (the `long long` one races).

template <typename T>
__global__ void scale(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char *bytes = (unsigned char *)a;
  bytes[i * 4] = 0;
  a[i] = (T)3;
}

template <typename T>
void run(T *d) {
  scale<T><<<8, 128>>>(d);
}

void host(int *a, long long *b) {
  run<int>(a);
  run(b);
}
