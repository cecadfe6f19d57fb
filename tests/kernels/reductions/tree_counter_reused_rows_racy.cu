// expect-verdict: racy
//--blockDim=[16,16] --gridDim=[4]
// A twin of tree_counter_reused.cu with two rows in a block: threads (0,0)
// and (0,1) write the same s[0 + i].
__global__ void rows_share_the_element(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[threadIdx.y * 16 + tid] = out[tid];
  __syncthreads();
  for (i = 8; i >= 1; i /= 2) {
    if (tid < i) {
      s[tid + i] = (float)threadIdx.y; //~ race
    }
    __syncthreads();
  }
}
