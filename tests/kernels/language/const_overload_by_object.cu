// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// Member overloads told apart by the object's constness ([over.match.funcs]/4,
// [over.ics.rank]/3.2.6): a const object (const local, const reference,
// pointer to const, `this` in a const member) calls the `const` member; a
// non-const object calls the non-const member of the same parameters. The
// const members here read `b` and the non-const ones `a`, so each kernel is
// race-free only with the right pick (the non-const pick for a const object
// would read `a[i + 1]`, which the neighbour thread writes).

struct Split {
  float *a;
  double *b; // another element size: not taken as `a`'s array
  __device__ float &at(int i) { return a[i]; }
  __device__ double at(int i) const { return b[i]; }
  __device__ float &operator[](int i) { return a[i]; }
  __device__ const double &operator[](int i) const { return b[i]; }
  __device__ double next(int i) const { return this->at(i + 1); }
  __device__ void put(int i, float v) { this->at(i) = v; }
  __device__ void put_next(int i) { (*this).at(i) = (*this).next(i); }
};

__global__ void through_const_reference(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split &c = s;
  s.at(i) = c.at(i + 1);
}

__global__ void through_const_copy(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split c = s;
  s.at(i) = c.at(i + 1);
}

__global__ void through_const_parameter(const Split c, Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s.a[i] = (float)(c.at(i) + c.at(i + 1)); // reads c.b (c.a may be s.a)
}

__global__ void through_pointer_to_const(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split *q = &s;
  s.at(i) = q->at(i + 1);
}

__global__ void through_const_this(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s.put(i, s.next(i));
  s.put_next(i);
}

__global__ void subscript_by_constness(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split &c = s;
  s[i] = c[i + 1];
}

__device__ void helper(const Split &c, Split &s, int i) { s.at(i) = c.at(i + 1); }

__global__ void through_helper_parameters(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  helper(s, s, i);
}
