// expect-verdict(scale<int>): race-free
// expect-verdict(scale<long long>): racy
//--blockDim=128 --gridDim=8
// The twin of host_template_instantiations.cu: byte 4 * i lies in another
// thread's element when sizeof(T) == 8; only `run<long long>` launches that
// instantiation, and it must be reported.

template <typename T>
__global__ void scale(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char *bytes = (unsigned char *)a;
  bytes[i * 4] = 0; //~ race write-write
  a[i] = (T)3;
}

template <typename T>
void run(T *d) {
  scale<T><<<8, 128>>>(d);
}

void host(int *a, long long *b) {
  run<int>(a);
  run<long long>(b);
}
