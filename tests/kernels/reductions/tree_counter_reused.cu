// expect-verdict: race-free
//--blockDim=[256] --gridDim=[64]
// A tree reduction whose counter is a local used before by a loop with a
// thread-dependent trip count: the counter is not uniform everywhere, but
// it is at the head of the reduction loop (uniform start, uniform step),
// and the body never assigns it, so `tid < i` has one `i` for the block in
// each round. The signed counter is converted to `unsigned` (`tid` is
// unsigned): exact under the loop's test `i >= 1`. Writes at `tid + i`
// (nested branches, both arms) are one thread's in a round.

__global__ void reused_counter(float *out, const int *work) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  float best = 0.0f;
  for (i = 0; i < work[tid]; i++) best += 1.0f;
  s[tid] = best;
  __syncthreads();
  for (i = 128; i >= 1; i /= 2) {
    if (tid < i) {
      if (s[tid + i] > s[tid]) {
        s[tid] = s[tid + i];
        s[tid + i] = (float)(tid + i);
      } else if (s[tid + i] < s[tid]) {
        s[tid + i] = (float)tid;
      }
    }
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
