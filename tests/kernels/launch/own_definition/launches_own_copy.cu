// expect-verdict: race-free
// A program of its own with its own `scale_rows`, launched with rows of 16
// threads: race-free. Its launch is not applied to the kernel of the same
// name in scale_rows_unlaunched.cu.

__global__ void scale_rows(float *v, float s) {
  v[blockIdx.x * 16 + threadIdx.x] *= s;
}

int main() {
  float *v;
  cudaMalloc(&v, 64 * sizeof(float));
  scale_rows<<<4, 16>>>(v, 2.0f);
  cudaDeviceSynchronize();
  return 0;
}
