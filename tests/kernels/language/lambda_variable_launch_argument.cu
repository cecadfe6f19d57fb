// expect-verdict(apply_held_lambda): race-free
// expect-verdict(index_held_lambda): race-free
// lambda_launch_argument.cu with the lambdas held in host locals (`auto f =
// [] __device__ (..) {..}; k<<<..>>>(.., f)`): a local declared `auto` from a
// lambda expression has that lambda's closure type, which nothing can assign
// another lambda to, so `F` is deduced as it, as for the lambda written in
// the launch.

template <typename F>
__global__ void apply_held_lambda(float *out, const float *in, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(in[i]);
}

template <typename F>
__global__ void index_held_lambda(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i;
}

int main() {
  float *a, *b;
  int n = 1 << 20;
  int base = 7;
  auto twice = [] __device__ (float v) { return 2.f * v; };
  const auto plus = [=] __device__ (int i) { return i + base; };
  apply_held_lambda<<<n / 256, 256>>>(a, b, n, twice);
  index_held_lambda<<<n / 256, 256>>>(a, n, plus);
}
