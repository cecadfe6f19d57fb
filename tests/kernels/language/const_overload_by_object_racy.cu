// expect-verdict: racy
//--blockDim=256 --gridDim=4
// Racy twins of const_overload_by_object.cu: each kernel races only through
// the member C++ calls for the object's constness (the other pick, or a lost
// store, would miss it). `a` is reached through the non-const members, `b`
// through the const ones.

struct Split {
  float *a;
  double *b; // another element size: not taken as `a`'s array
  __device__ float &at(int i) { return a[i]; } //~ race
  __device__ double at(int i) const { return b[i]; } //~ race
  __device__ float &operator[](int i) { return a[i]; }
  __device__ const double &operator[](int i) const { return b[i]; }
  __device__ double next(int i) const { return this->at(i + 1); }
  __device__ float next_mut(int i) { return this->at(i + 1); }
};

// The store through the non-const `at` is kept (it was lost when the arms
// of an unresolved call merged as values).
__global__ void write_through_nonconst(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s.at(i + 1) = s.at(i);
}

// A non-const object reads through the non-const `at` (`a`), not `b`.
__global__ void read_through_nonconst(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = s.at(i + 1);
  s.a[i] = v; //~ race
}

// A const reference reads `b`.
__global__ void read_through_const_reference(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split &c = s;
  float v = c.at(i + 1);
  s.b[i] = v; //~ race
}

// A pointer to const reads `b`.
__global__ void read_through_pointer_to_const(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split *q = &s;
  float v = q->at(i + 1);
  s.b[i] = v; //~ race
}

// `this` in a const member is const: `b`; in a non-const member: `a`.
__global__ void read_through_this(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s.b[i] = s.next(i); //~ race
  s.a[i] = s.next_mut(i); //~ race
}

// The const declaration of `s` in the inner block is not in scope after it.
__global__ void sibling_scope(Split s, Split t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  {
    const Split s = t;
    t.a[i] = s.at(i);
  }
  float v = s.at(i + 1);
  s.a[i] = v; //~ race
}

// An inner non-const copy hides the const parameter: it reads `a`.
__global__ void inner_shadow(const Split c, Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  {
    Split c = s;
    float v = c.at(i + 1);
    s.a[i] = v; //~ race
  }
}

// operator[] by constness: a non-const object reads `a`, a const one `b`.
__global__ void subscript_by_constness(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split &c = s;
  float v = s[i + 1]; //~ race read-write
  double w = c[i + 1]; //~ race read-write
  s.a[i] = v; //~ race write-read
  s.b[i] = w; //~ race write-read
}

// A copy captured by a lambda is const in its body (C++ calls the const
// `at`); the front end does not read captures, so both candidates are checked.
__global__ void lambda_capture(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto get = [=](int j) { return s.at(j); };
  float v = get(i + 1);
  s.b[i] = v; //~ race
}
