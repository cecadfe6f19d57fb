// expect-verdict(sum_local): race-free
// expect-verdict(fill_by_reference): race-free
// expect-verdict(own_row): race-free
//--blockDim=64 --gridDim=2
// Range-based `for` over a C array of constant size is its index loop
// ([stmt.ranged]): `for (int v : arr)` copies each element, `for (auto &x :
// arr)` names the element itself.

__global__ void sum_local(int *out) {
  __shared__ int s[64];
  int arr[3] = {1, 2, 3};
  int acc = 0;
  for (int v : arr) acc += v;
  s[threadIdx.x] = acc;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

__global__ void fill_by_reference(float *out) {
  float vals[4];
  for (auto &x : vals) x = threadIdx.x;
  float total = 0.0f;
  for (const float &x : vals) total += x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = total;
}

// Thread 0 fills the shared row, everyone reads it after the barrier.
__global__ void own_row(int *out) {
  __shared__ int row[8];
  if (threadIdx.x == 0) {
    for (int &x : row) x = blockIdx.x;
  }
  __syncthreads();
  int acc = 0;
  for (int x : row) acc += x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
