// The barrier is the body of an unbraced `if` on the `if`'s own line:
// deleting it would leave `if (s > 2)` without a statement.
__global__ void unbraced_inline(float *out, const float *in) {
  __shared__ float sd[8];
  unsigned tid = threadIdx.x;
  sd[tid] = in[tid];
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sd[tid] += sd[tid + s];
    if (s > 2) __syncthreads();
  }
  if (tid == 0) out[0] = sd[0];
}
