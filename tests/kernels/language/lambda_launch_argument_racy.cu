// expect-verdict(scale_lambda): racy
// expect-verdict(captured_pointer): racy
// expect-verdict(by_reference): racy
// Racy twins of lambda_launch_argument.cu: a captured value that makes the
// lambda's indices collide (`i * k` with the host's `k`, which may be 0),
// a captured pointer (it may be any array the kernel is given: here the
// same one as `out`) and a by-reference capture (a host reference: its
// value is unknown in device code).

template <typename F>
__global__ void scale_lambda(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i; //~ race write-write
}

template <typename F>
__global__ void captured_pointer(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = 1.0f; //~ race write-read
    f(i);
  }
}

template <typename F>
__global__ void by_reference(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i; //~ race write-write
}

int main() {
  float *a;
  int n = 1 << 20;
  int k = 3;
  int shift = 1;
  scale_lambda<<<n / 256, 256>>>(a, n, [=] __device__ (int i) { return i * k; });
  captured_pointer<<<n / 256, 256>>>(a, n, [=] __device__ (int i) { return a[i + 1]; });
  by_reference<<<n / 256, 256>>>(a, n, [&] __device__ (int i) { return i + shift; });
}
