// expect-verdict: race-free
//--blockDim=[256] --gridDim=[64]
// Accesses only one thread of a block runs: under `if (tid == 0)` (both
// accesses share the guard, whatever their offsets) and under `if (tid ==
// (int)s[0])` after a barrier (the read of one shared address is one value
// for the block, so the guard holds in one thread). Decided without the
// solver.

__global__ void pinned(float *out, const float *in, int *choice) {
  __shared__ float s[256];
  const unsigned int tid = threadIdx.x;
  int i;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  if (tid == 0) {
    int t = 0;
    for (i = 0; i < 7 && t < 128 && t >= 0; i++) t = (int)s[(int)powf(2.0f, i) + t];
    s[0] = (float)t;
  }
  __syncthreads();
  if (tid == (int)s[0]) {
    for (i = 0; i < 4; i++) choice[blockIdx.x * 4 + i] = i;
  }
}
