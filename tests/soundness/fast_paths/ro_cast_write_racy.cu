// Claimed race: offs is written through a cast pointer, so `start` differs between threads.
__global__ void ro_cast_write(int *out, int *offs, int n) {
  int start = offs[blockIdx.x];
  if (threadIdx.x == 5) ((unsigned *)offs)[blockIdx.x] = threadIdx.x;
  for (int s = 0; s < n; s += blockDim.x)
    out[start + s + threadIdx.x] = threadIdx.x;
}
