// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// A function template's non-type parameter deduced from the extent of the
// array a reference-to-array parameter binds (`T (&items)[N]` given
// `float v[4]`: N = 4): each thread stores its own four elements.

template <typename T, int N>
__device__ void store_items(T *out, T (&items)[N]) {
  for (int i = 0; i < N; i++)
    out[threadIdx.x * 4 + i] = items[i];
}

__global__ void k(float *out) {
  float v[4];
  for (int i = 0; i < 4; i++)
    v[i] = i;
  store_items(out, v);
}
