// Claimed race: offs is written later in the kernel (after a barrier) by thread 0, so it is not
// read-only; start values of the loop in a later round differ between threads (read after the write).
__global__ void offset_ro_later_write(int *out, int *offs, int n) {
  for (int r = 0; r < 2; r++) {
    int start = offs[blockIdx.x];
    for (int s = 0; s < n; s += blockDim.x)
      out[start + s + threadIdx.x] = threadIdx.x;
    if (threadIdx.x == 0) offs[blockIdx.x] = 1;
  }
}
