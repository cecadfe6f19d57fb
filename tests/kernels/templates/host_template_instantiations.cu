// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// The kernel is launched only inside a host function template; the host
// template is instantiated with `int` and `long long`: the kernel runs as
// `scale<int>` and `scale<long long>`, each checked apart.

template <typename T>
__global__ void scale(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char *bytes = (unsigned char *)a;
  bytes[i * sizeof(T)] = 0;
  a[i] = a[i] * (T)3;
}

template <typename T>
void run(T *d) {
  scale<T><<<8, 128>>>(d);
}

void host(int *a, long long *b) {
  run<int>(a);
  run<long long>(b);
}
