// A tree reduction whose barrier is the body of an unbraced `if`, on a line
// of its own: the barrier is needed at every step (8 threads, no warp
// assumption), so the fix moves it out of the `if`. Deleting its line would
// make the next statement the branch's body.
__global__ void unbraced_line(float *out, const float *in) {
  __shared__ float sd[8];
  unsigned tid = threadIdx.x;
  sd[tid] = in[tid];
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sd[tid] += sd[tid + s];
    if (s > 2)
      __syncthreads();
    out[1 + tid] = s;
  }
  if (tid == 0) out[0] = sd[0];
}
