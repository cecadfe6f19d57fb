// expect-verdict: racy
//--blockDim=[256] --gridDim=[64]
// Twins of tree_counter_reused.cu where two threads meet: each race is real.

// i = -1 passes `i > -2`: `tid < (unsigned)-1` holds in every thread and
// `s[tid + 0xffffffffu]` is s[tid - 1]: thread 1 reads s[0] while thread 0
// writes it.
__global__ void counter_may_be_negative(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[tid] = out[tid];
  __syncthreads();
  for (i = 128; i > -2; i--) {
    if (tid < i) {
      s[tid] = s[tid + i]; //~ race
    }
    __syncthreads();
  }
}

// The stride differs between threads (64 in the first 32, 128 in the
// rest), the rounds are the same: thread 64 writes s[64] while thread 0
// reads s[0 + 64].
__global__ void stride_not_uniform(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i = tid < 32 ? 64 : 128;
  s[tid] = out[tid];
  __syncthreads();
  for (int round = 0; round < 7; round++) {
    if (tid < i) {
      s[tid] = s[tid + i]; //~ race
    }
    i /= 2;
    __syncthreads();
  }
}

// An access in the else branch of a nested test: `s[i]` by every thread
// of the round whose element is not positive.
__global__ void else_branch_same_element(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[tid] = out[tid];
  __syncthreads();
  for (i = 128; i >= 1; i /= 2) {
    if (tid < i) {
      if (s[tid] > 0.0f)
        s[tid] = s[tid + i]; //~ race
      else
        s[i] = (float)tid; //~ race
    }
    __syncthreads();
  }
}

// Every thread writes s[i]: one element, two threads.
__global__ void same_element(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[tid] = out[tid];
  __syncthreads();
  for (i = 128; i >= 1; i /= 2) {
    if (tid < i) {
      s[i] = (float)tid; //~ race
    }
    __syncthreads();
  }
}

// Neighbouring elements in one round: thread t writes s[t + i + 1] while
// thread t + 1 writes s[t + 1 + i].
__global__ void neighbours_in_a_round(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[tid] = out[tid];
  __syncthreads();
  for (i = 64; i >= 1; i /= 2) {
    if (tid < i) {
      s[tid + i] = 0.0f; //~ race
      s[tid + i + 1] = (float)tid; //~ race
    }
    __syncthreads();
  }
}
