// Claimed race: 2-D block, threads with same threadIdx.x but different threadIdx.y write the same cell.
__global__ void offset_2d(int *out, int n) {
  int start = 3;
  for (int s = 0; s < n; s += blockDim.x)
    out[start + s + threadIdx.x] = threadIdx.y;
}
int main() { int *b; cudaMalloc(&b, 4096); offset_2d<<<1, dim3(32, 4)>>>(b, 64); return 0; }
