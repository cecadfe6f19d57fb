// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// A constructor's member initializers (`: out_(out), row_{r}`) set the
// members before its body runs: the pointer member is the kernel's `out`
// and each thread's row is its own, so the stores never collide.

struct RowWriter {
  float *out_;
  int row_;
  int width_;
  __device__ RowWriter(float *out, int r, int w) : out_(out), row_{r}, width_(w) {}
  __device__ void put(int c, float v) { out_[row_ * width_ + c] = v; }
};

__global__ void rows(float *out, int width) {
  RowWriter w(out, blockIdx.x * blockDim.x + threadIdx.x, width);
  for (int c = 0; c < width; c++)
    w.put(c, 1.0f);
}
