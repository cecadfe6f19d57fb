// expect-verdict: racy
//--blockDim=[256] --gridDim=[64]
// Twins of pinned_by_uniform_read.cu where two threads meet: each race is
// real.

// Each thread reads its own element: several threads may match.
__global__ void own_value(float *out, const float *in) {
  __shared__ float s[256];
  const unsigned int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  float v = s[tid];
  if (tid == (int)v) out[blockIdx.x] = (float)tid; //~ race
}

// The equality does not pin the thread: `tid - tid == k`.
__global__ void not_pinned(float *out, const float *in) {
  __shared__ float s[256];
  const unsigned int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid - tid == (int)s[0]) out[blockIdx.x] = (float)tid; //~ race
}

// No barrier between the write of s[0] and the reads of the guard: thread
// 0 writes s[0] while the others read it.
__global__ void guard_read_races(float *out, const float *in) {
  __shared__ float s[256];
  const unsigned int tid = threadIdx.x;
  if (tid == 0) s[0] = in[blockIdx.x]; //~ race
  if (tid == (int)s[0]) out[blockIdx.x] = (float)tid; //~ race
}
