// expect-verdict: race-free
// Sizes kept in `const` members of an aggregate-initialized parameter
// struct (`Param p{d, words, heads, size, heads * size};`) that both the
// launch's block (`dim3 block(p.size / 4, p.heads, 3)`) and the kernel (the
// struct passed by value) read: each member holds the element at its
// position (an aggregate of scalars and pointers, defined once), a const
// member is never written, so the kernel's `p.heads` is the block's y
// extent. Each thread writes its own float4 of its block's row.

struct Param {
  float *tgt;
  const int words;
  const int heads;
  const int size;
  const int hidden;
};

__global__ void add_rows(Param p) {
  float4 *row = (float4 *)(p.tgt + blockIdx.x * 3 * p.hidden);
  const int size4 = p.size / 4;
  row[(threadIdx.y * 3 * size4 + threadIdx.z * size4) + threadIdx.x] =
      make_float4(threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x);
}

void launch_add_rows(float *d, int batch, int hidden, int heads) {
  int size = hidden / heads;
  Param p{d, batch, heads, size, heads * size};
  dim3 grid(p.words);
  dim3 block(p.size / 4, p.heads, 3);
  add_rows<<<grid, block>>>(p);
}

int main() {
  float *d;
  cudaMalloc(&d, sizeof(float) * 64 * 3 * 768);
  launch_add_rows(d, 64, 768, 12);
  return 0;
}
