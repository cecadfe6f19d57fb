// expect-verdict(shift_through_accessor): racy
// expect-verdict(read_through_accessor): race-free
// A class with `float &at(int)` and `float at(int) const`: the object's
// constness picks one. A store through the call (`g.at(i + 1) = ..`) would go
// to a temporary if the arms of an unresolved call merged as values (a missed
// race: the shift below races); the non-const `g` calls the non-const `at`
// ([over.ics.rank]/3.2.6), whose reference the store goes through.

struct Grid {
  float *d;
  __device__ float &at(int i) { return d[i]; } //~ race
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
