// Claimed race: __syncwarp orders only the warp; thread 32 reads what thread 0 wrote in another warp.
__global__ void warp_partial(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] = s[(threadIdx.x + 32) % 64];
}
