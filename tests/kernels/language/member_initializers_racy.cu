// expect-verdict: racy
//--blockDim=256 --gridDim=1
// The twin of member_initializers.cu: every thread's writer gets the same
// row, so the stores through the pointer member (set by a member
// initializer, not by an assignment) collide.

struct RowWriter {
  float *out_;
  int row_;
  int width_;
  __device__ RowWriter(float *out, int r, int w) : out_(out), row_{r}, width_(w) {}
  __device__ void put(int c, float v) { out_[row_ * width_ + c] = v; } //~ race write-write
};

__global__ void rows(float *out, int width) {
  RowWriter w(out, blockIdx.x, width);
  w.put(threadIdx.x % width, (float)threadIdx.x);
}
