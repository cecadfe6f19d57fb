// expect-verdict(window_matches): racy
// expect-verdict(window_matches_int): race-free
// expect-verdict(window_one_too_long): racy
// expect-verdict(zeroed_by_thread_one): racy
// expect-verdict(unit_step): racy
// expect-verdict(double_thread_start): racy
// expect-verdict(two_increments): racy
// expect-verdict(thread_dependent_end): racy
// Each block scans its window [begin, end) of the input with a block-stride
// loop and appends the matching positions to its own window of `out`
// through a shared counter zeroed by thread 0: the block runs at most
// end - begin iterations, so every ticket is below end - begin and the
// blocks' windows of `out` do not overlap. The near misses break one part.
// window_matches (unsigned) races when `begin + threadIdx.x` wraps (begin =
// 3 * window = 2^32 - 1, n = 2^32 - 1): thread 1 then scans from 0 and
// takes tickets beyond the window. That wrap is index arithmetic of
// `in[pos]` only, and the index-arithmetic assumption is a premise of that
// access's own races, not of the thread's other accesses (README, Modelling
// assumptions), so the theorem's premise `begin + blockDim.x <= 2^32` is
// left to the solver and fails there; window_matches_int (signed: the
// overflow is undefined) stays race-free.

__global__ void window_matches(const unsigned char *in, unsigned n, unsigned *out,
                               unsigned *counts, unsigned window) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * window;
  unsigned end = begin + window;
  if (begin > n) return;
  if (end > n) end = n;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (unsigned pos = begin + threadIdx.x; pos < end; pos += blockDim.x) {
    if (in[pos] == 'a') {
      unsigned slot = atomicAdd(&found, 1u);
      out[begin + slot] = pos; //~ race write-write
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) counts[blockIdx.x] = found;
}

// Signed locals for the thread id and the stride, an inclusive bound.
__global__ void window_matches_int(const int *in, int *out, int window) {
  __shared__ int found;
  int tid = threadIdx.x;
  int size = blockDim.x;
  int begin = blockIdx.x * window;
  int last = begin + window - 1;
  if (tid == 0) found = 0;
  __syncthreads();
  for (int pos = begin + tid; pos <= last; pos += size) {
    if (in[pos] > 0) {
      int slot = atomicAdd(&found, 1);
      out[begin + slot] = pos;
    }
  }
}

// The range walked is one longer than the window: the last ticket's slot is
// the next block's first.
__global__ void window_one_too_long(const unsigned char *in, unsigned n, unsigned *out,
                                    unsigned window) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * window;
  unsigned end = begin + window + 1;
  if (end > n) end = n;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (unsigned pos = begin + threadIdx.x; pos < end; pos += blockDim.x) {
    if (in[pos] == 'a') {
      unsigned slot = atomicAdd(&found, 1u);
      out[begin + slot] = pos; //~ race write-write
    }
  }
}

// With one thread per block, nobody zeroes the counter.
__global__ void zeroed_by_thread_one(const unsigned char *in, unsigned n, unsigned *out,
                                     unsigned window) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * window;
  unsigned end = begin + window;
  if (end > n) end = n;
  if (threadIdx.x == 1) found = 0;
  __syncthreads();
  for (unsigned pos = begin + threadIdx.x; pos < end; pos += blockDim.x) {
    if (in[pos] == 'a') {
      unsigned slot = atomicAdd(&found, 1u);
      out[begin + slot] = pos; //~ race write-write
    }
  }
}

// Every thread walks the rest of the window: up to blockDim.x times more
// tickets than positions.
__global__ void unit_step(const unsigned char *in, unsigned n, unsigned *out, unsigned window) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * window;
  unsigned end = begin + window;
  if (end > n) end = n;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (unsigned pos = begin + threadIdx.x; pos < end; pos += 1) {
    if (in[pos] == 'a') {
      unsigned slot = atomicAdd(&found, 1u);
      out[begin + slot] = pos; //~ race write-write
    }
  }
}

// Threads t and t + blockDim.x / 2 meet on the same positions.
__global__ void double_thread_start(const unsigned char *in, unsigned n, unsigned *out,
                                    unsigned window) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * window;
  unsigned end = begin + window;
  if (end > n) end = n;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (unsigned pos = begin + 2 * threadIdx.x; pos < end; pos += blockDim.x) {
    if (in[pos] == 'a') {
      unsigned slot = atomicAdd(&found, 1u);
      out[begin + slot] = pos; //~ race write-write
    }
  }
}

// Two tickets per position.
__global__ void two_increments(const unsigned char *in, unsigned n, unsigned *out,
                               unsigned window) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * window;
  unsigned end = begin + window;
  if (end > n) end = n;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (unsigned pos = begin + threadIdx.x; pos < end; pos += blockDim.x) {
    if (in[pos] == 'a') {
      unsigned slot = atomicAdd(&found, 1u);
      out[begin + slot] = pos; //~ race write-write
      atomicAdd(&found, 1u);
    }
  }
}

// Each thread has its own end: the block's range is longer than the window.
__global__ void thread_dependent_end(const unsigned char *in, unsigned n, unsigned *out,
                                     unsigned window) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * window;
  unsigned end = begin + window + threadIdx.x;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (unsigned pos = begin + threadIdx.x; pos < end; pos += blockDim.x) {
    if (in[pos] == 'a') {
      unsigned slot = atomicAdd(&found, 1u);
      out[begin + slot] = pos; //~ race write-write
    }
  }
}
