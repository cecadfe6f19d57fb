// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Stated preconditions are assumptions at their point: with `len` at least
// the block size no thread returns before the barrier, with `step == 2`
// each thread's row is its own, with `n` in [256, 4096] blocks' slices are
// disjoint, and with `stride == 1` each thread writes its own element.

__global__ void requires_length(float *data, int len) {
  __requires(len >= 256);
  if (threadIdx.x >= len)
    return;
  data[blockIdx.x * 256 + threadIdx.x] = 1.0f;
  __syncthreads();
  data[blockIdx.x * 256 + (threadIdx.x + 1) % 256] += 1.0f;
}

__global__ void assumed_sizes(int *out, int *row, int n, int step) {
  __builtin_assume(step == 2);
  __assume(n >= 256 && n <= 4096);
  row[(blockIdx.x * 256 + threadIdx.x) * step] = threadIdx.x;
  out[blockIdx.x * n + threadIdx.x] = threadIdx.x;
}

__global__ void asserted_stride(int *out, int stride) {
  assert(stride == 1);
  out[(blockIdx.x * 256 + threadIdx.x) * stride] = threadIdx.x;
}
