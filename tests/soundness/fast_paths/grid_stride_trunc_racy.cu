// Claimed race: a size_t grid-stride counter truncated to a 16-bit index: i and i + 65536 map to the
// same element (threads 0 and 65536 of a large grid, or iterations k and k + 65536 / stride).
__global__ void grid_stride_trunc(int *out, size_t n) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[(unsigned short)i] = threadIdx.x;
}
