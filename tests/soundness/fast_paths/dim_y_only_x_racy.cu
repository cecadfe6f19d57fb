// Claimed race: a 3-D block where only threadIdx.x indexes: threads (0,0,0) and (0,0,1) collide.
__global__ void dim_y_only_x(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.z;
}
int main() { int *b; cudaMalloc(&b, 4096); dim_y_only_x<<<2, dim3(8, 1, 2)>>>(b); return 0; }
