// Claimed race: `offs` and `out` are the same buffer (launch), so
// thread 0 of block 1 writes out[start+s+tid] = offs[...] that other threads read as `start`
// (read-only premise of grid_stride offset loops is false under aliasing).
__global__ void ro_alias_launch(int *out, const int *offs, int n) {
  int start = offs[blockIdx.x];
  for (int s = 0; s < n; s += blockDim.x)
    out[start + s + threadIdx.x] = threadIdx.x;
}
int main() { int *b; cudaMalloc(&b, 4096); ro_alias_launch<<<4, 64>>>(b, b, 64); return 0; }
