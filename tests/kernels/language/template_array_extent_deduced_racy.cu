// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Racy twin: the array has eight elements (N = 8), so each thread stores
// eight elements four apart and neighbours overlap.

template <typename T, int N>
__device__ void store_items(T *out, T (&items)[N]) {
  for (int i = 0; i < N; i++)
    out[threadIdx.x * 4 + i] = items[i]; //~ race write-write
}

__global__ void k(float *out) {
  float v[8];
  for (int i = 0; i < 8; i++)
    v[i] = i;
  store_items(out, v);
}
