// expect-verdict(apply_lambda): race-free
// expect-verdict(offset_lambda): race-free
// expect-verdict(local_lambda_still_works): race-free
// Extended lambdas passed to kernel templates (thrust-, ATen-style
// `gpu_kernel(iter, [=] GPU_LAMBDA (..) { .. })`): `F` is deduced as the
// lambda's closure type, the call `f(i)` runs the lambda's body, and a
// variable captured by copy is the host's value, unknown but the same in
// every thread (each thread gets the same copy of the closure).

template <typename F>
__global__ void apply_lambda(float *out, const float *in, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[f(i) % n];
}

template <typename F>
__global__ void offset_lambda(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i;
}

// A lambda written and called in device code (already modelled).
__global__ void local_lambda_still_works(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  auto next = [=] __device__ (int k) { return (t + k) % 256; };
  s[t] = t;
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[next(1)];
}

int main() {
  float *a, *b;
  int n = 1 << 20;
  int base = 7;
  apply_lambda<<<n / 256, 256>>>(a, b, n, [=] __device__ (int i) { return i * 2; });
  offset_lambda<<<n / 256, 256>>>(a, n, [=] __device__ (int i) { return i + base; });
  local_lambda_still_works<<<n / 256, 256>>>(b);
}
