// expect-verdict(shift_through_accessor): unsupported
// expect-verdict(read_through_accessor): race-free
// A class with `float &at(int)` and `float at(int) const`: the object's
// constness picks one, which the front end does not resolve. A store through
// the call (`g.at(i + 1) = ..`) would go to a temporary if the arms merged as
// values (a missed race: the shift below races), so the kernel is refused;
// reading through either candidate reads the same element and stays checked.

struct Grid {
  float *d;
  __device__ float &at(int i) { return d[i]; }
  __device__ float at(int i) const { return d[i]; }
};

__global__ void shift_through_accessor(Grid g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  g.at(i + 1) = g.at(i);
}

__global__ void read_through_accessor(Grid g, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (double)(g.at(i) + g.at(i + 1));
}

int main() {
  float *a;
  double *o;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&o, 1 << 20);
  Grid g{a};
  shift_through_accessor<<<4, 256>>>(g);
  read_through_accessor<<<4, 256>>>(g, o);
  return 0;
}
