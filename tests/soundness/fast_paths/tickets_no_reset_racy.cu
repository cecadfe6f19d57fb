// Claimed race: the ticket counter is global (not reset per block): blocks share tickets but
// the same block's ranges [blockIdx.x * n, ...) are indexed by r unbounded: thread of block 0 with
// r = n writes out[n], which thread of block 1 with r = 0 writes too.
__global__ void tickets_no_reset(int *out, int *count, int n) {
  int s = blockIdx.x * n;
  for (int i = s + threadIdx.x; i < s + n; i += blockDim.x) {
    int r = atomicAdd(count, 1);
    out[s + r] = threadIdx.x;
  }
}
