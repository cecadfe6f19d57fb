// expect-verdict(every_thread_writes): racy
// expect-verdict(index_from_elements): racy
// expect-verdict(no_barrier): racy
// expect-verdict(class_range): unsupported
// expect-verdict(alias_reference_variable): racy
// expect-verdict(decltype_auto_variable): unsupported
//--blockDim=64 --gridDim=1
// Racy twins of range_for_array.cu: every thread writes the whole shared
// row through the loop's reference, elements of a local array used as
// indices collide, the row is read without the barrier; and a range over a
// class (its begin()/end() not visible) stays unsupported.

__global__ void every_thread_writes(int *out) {
  __shared__ int row[8];
  for (int &x : row) x = threadIdx.x; //~ race write-write
  __syncthreads();
  out[threadIdx.x] = row[threadIdx.x % 8];
}

__global__ void index_from_elements(int *out) {
  __shared__ int s[256];
  int arr[3] = {1, 2, 3};
  for (int v : arr) s[v] = threadIdx.x; //~ race write-write
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void no_barrier(int *out) {
  __shared__ int row[8];
  if (threadIdx.x == 0) {
    for (int &x : row) x = 1; //~ race write-read
  }
  int acc = 0;
  for (int x : row) acc += x;
  out[threadIdx.x] = acc;
}

struct Span {
  int *p;
  int n;
  __device__ int *begin() const { return p; }
  __device__ int *end() const { return p + n; }
};

__global__ void class_range(int *out) {
  Span sp{out, 4};
  for (int &x : sp) x = threadIdx.x;
}

// The variable's type is a reference through an alias: it binds each
// element (every thread writes the whole row), never a copy.
typedef int &IntRef;
__global__ void alias_reference_variable(int *out) {
  __shared__ int row[8];
  for (IntRef x : row) x = threadIdx.x; //~ race write-write, race write-read
  out[threadIdx.x] = row[threadIdx.x % 8];
}

__global__ void decltype_auto_variable(int *out) {
  __shared__ int row[8];
  for (decltype(auto) x : row) x = threadIdx.x;
  out[threadIdx.x] = row[threadIdx.x % 8];
}
