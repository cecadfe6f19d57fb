// expect-verdict: racy
//--blockDim=[16,16] --gridDim=[4]
// A twin of pinned_by_uniform_read.cu with two rows in a block: `tid == 0`
// holds in thread (0,0) and in thread (0,1).
__global__ void rows(float *out, const float *in, int n) {
  __shared__ float s[256];
  const unsigned int tid = threadIdx.x;
  s[threadIdx.y * 16 + tid] = in[tid];
  __syncthreads();
  if (tid == 0) {
    int t = (int)s[n]; //~ race
    s[t] = (float)threadIdx.y; //~ race
  }
}
