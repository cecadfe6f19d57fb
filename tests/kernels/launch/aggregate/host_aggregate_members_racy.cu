// expect-verdict: racy
// Near misses of host_aggregate_members.cu: members C++ does not fix to
// their element (not const and assigned after the set-up; set by a
// constructor), and a race the members' constants keep (rows of 8 float4
// for a block 16 wide).

struct Loose {
  float *tgt;
  int words;
  int heads;
  int size;
  int hidden;
};

__global__ void loose_rows(Loose p) {
  float4 *row = (float4 *)(p.tgt + blockIdx.x * 3 * p.hidden);
  const int size4 = p.size / 4;
  row[(threadIdx.y * 3 * size4 + threadIdx.z * size4) + threadIdx.x] = //~ race write-write
      make_float4(threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x);
}

struct Built {
  float *tgt;
  const int words;
  const int heads;
  const int size;
  const int hidden;
  Built(float *t, int w, int h, int s) : tgt(t), words(w), heads(h), size(s), hidden(s) {}
};

__global__ void built_rows(Built p) {
  float4 *row = (float4 *)(p.tgt + blockIdx.x * 3 * p.hidden);
  const int size4 = p.size / 4;
  row[(threadIdx.y * 3 * size4 + threadIdx.z * size4) + threadIdx.x] = //~ race write-write
      make_float4(threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x);
}

struct Fixed {
  float *tgt;
  const int words;
  const int heads;
  const int size;
  const int hidden;
};

// Rows of size / 8 float4 for a block of size / 4 threads in x.
__global__ void short_rows(Fixed p) {
  float4 *row = (float4 *)(p.tgt + blockIdx.x * 3 * p.hidden);
  const int size8 = p.size / 8;
  row[(threadIdx.y * 3 * size8 + threadIdx.z * size8) + threadIdx.x] = //~ race write-write
      make_float4(threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x);
}

int main() {
  float *d;
  cudaMalloc(&d, sizeof(float) * 64 * 3 * 768);
  Loose a{d, 64, 12, 64, 768};
  dim3 block_a(a.size / 4, a.heads, 3);
  a.hidden = 12;
  loose_rows<<<a.words, block_a>>>(a);
  Built b(d, 64, 12, 64);
  dim3 block_b(b.size / 4, b.heads, 3);
  built_rows<<<b.words, block_b>>>(b);
  Fixed c{d, 64, 12, 64, 768};
  dim3 block_c(c.size / 4, c.heads, 3);
  short_rows<<<c.words, block_c>>>(c);
  return 0;
}
