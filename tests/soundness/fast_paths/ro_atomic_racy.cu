// Claimed race: offs is written by atomicAdd in another thread; two threads of one block
// read different `start` values, and out[start+s+tid] collides.
__global__ void ro_atomic(int *out, int *offs, int n) {
  int start = offs[blockIdx.x];
  if (threadIdx.x == 5) atomicAdd(&offs[blockIdx.x], 1);
  for (int s = 0; s < n; s += blockDim.x)
    out[start + s + threadIdx.x] = threadIdx.x;
}
