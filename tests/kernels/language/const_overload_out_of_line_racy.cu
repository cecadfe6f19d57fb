// expect-verdict: racy
//--blockDim=256 --gridDim=4
// Racy twins of const_overload_out_of_line.cu, and objects whose constness
// the front end does not read (a typedef, `auto`, a template parameter, a
// host-only sibling): every candidate is checked there, so the race through
// the `const` member C++ calls is still found.

struct Split {
  float *a;
  double *b;
  __device__ float &at(int i);
  __device__ double at(int i) const;
  __host__ float &get(int i) { return a[i]; }
  __device__ double get(int i) const { return b[i]; } //~ race
};
__device__ float &Split::at(int i) { return a[i]; }
__device__ double Split::at(int i) const { return b[i]; } //~ race
typedef const Split CSplit;

// The non-const object reads `a` through the out-of-line non-const `at`.
__global__ void out_of_line_nonconst(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = s.at(i + 1);
  s.a[i] = v; //~ race
}

// A typedef that adds `const`: the const `at` reads `b`.
__global__ void typedef_const(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  CSplit &c = s;
  double v = c.at(i + 1);
  s.b[i] = v; //~ race
}

__global__ void auto_const(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const auto &c = s;
  double v = c.at(i + 1);
  s.b[i] = v; //~ race
}

template <class T> __device__ double read_at(T &c, int i) { return c.at(i); }

// `T` is deduced `const Split`.
__global__ void template_const(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split &c = s;
  double v = read_at(c, i + 1);
  s.b[i] = v; //~ race
}

// The non-const `get` is host-only: a CUDA compiler that ranks by execution
// space calls the device `get` on a non-const object.
__global__ void host_only_sibling(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = s.get(i + 1);
  s.b[i] = v; //~ race
}
