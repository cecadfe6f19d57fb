// expect-verdict(scale_held_lambda): racy
// expect-verdict(shadowed_held_lambda): racy
// expect-verdict(pointer_held_lambda): racy
// Racy twins of lambda_variable_launch_argument.cu: a captured factor that
// may be 0 (`i * k`), an inner local hiding an outer one of the same name
// (the launch passes the inner lambda, whose index is constant), and a
// captured pointer (it may be the kernel's `out`).

template <typename F>
__global__ void scale_held_lambda(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i; //~ race write-write
}

template <typename F>
__global__ void shadowed_held_lambda(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i; //~ race write-write
}

template <typename F>
__global__ void pointer_held_lambda(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = 1.0f; //~ race write-read
    f(i);
  }
}

int main() {
  float *a;
  int n = 1 << 20;
  int k = 3;
  auto scale = [=] __device__ (int i) { return i * k; };
  scale_held_lambda<<<n / 256, 256>>>(a, n, scale);
  auto pick = [=] __device__ (int i) { return i; };
  {
    auto pick = [=] __device__ (int i) { return 0 * i; };
    shadowed_held_lambda<<<n / 256, 256>>>(a, n, pick);
  }
  auto next = [=] __device__ (int i) { return a[i + 1]; };
  pointer_held_lambda<<<n / 256, 256>>>(a, n, next);
}
