// expect-verdict: race-free
// The sizes reach the launch through a function template called with
// explicit template arguments (`run_heads<float, 4>(batch, hidden, heads)`)
// from main, whose arguments are locals initialized from literals: every
// call of `run_heads` in the program passes the same constants, so its
// parameters have them, and so do the const members of the aggregate built
// from them. Each thread writes its own float4 of its block's row.

template <typename T, int W>
struct Rows {
  T *tgt;
  const int words;
  const int heads;
  const int size;
  const int hidden;
};

__global__ void head_rows(Rows<float, 4> p) {
  float4 *row = (float4 *)(p.tgt + blockIdx.x * 3 * p.hidden);
  const int size4 = p.size / 4;
  row[(threadIdx.y * 3 * size4 + threadIdx.z * size4) + threadIdx.x] =
      make_float4(threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x);
}

template <typename T, int W>
void run_heads(T *d, int batch, int hidden, int heads) {
  int size = hidden / heads;
  Rows<T, W> p{d, batch, heads, size, heads * size};
  dim3 grid(p.words);
  dim3 block(p.size / 4, p.heads, 3);
  for (int i = 0; i < 2; i++)
    head_rows<<<grid, block>>>(p);
}

int main() {
  int batch = 64;
  int hidden = 768;
  int heads = 12;
  float *d;
  cudaMalloc(&d, sizeof(float) * batch * 3 * hidden);
  run_heads<float, 4>(d, batch, hidden, heads);
  return 0;
}
