// expect-verdict(weak_requires): divergent
// expect-verdict(asserted_modulus): racy
//--blockDim=256 --gridDim=1
// The buggy twins: a precondition too weak to rule the bug out. With
// `len >= 128`, threads 128..255 may return before the barrier; with
// `n == 2` (the witness must say so) threads 0 and 2 store to the same slot.

__global__ void weak_requires(float *data, int len) {
  __requires(len >= 128);
  if (threadIdx.x >= len)
    return;
  __syncthreads(); //~ divergence
  data[threadIdx.x] = 1.0f;
}

__global__ void asserted_modulus(int *out, int n) {
  assert(n == 2);
  out[threadIdx.x % n] = threadIdx.x; //~ race write-write
}
