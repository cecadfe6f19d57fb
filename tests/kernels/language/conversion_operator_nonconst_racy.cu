// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The racy twin of conversion_operator_nonconst.cu's reads_only: the
// non-const operator (storing nothing) runs on a copy of the object and
// reads g_s[i + 1], which thread i + 1 writes.

__device__ int g_s[65];

struct Plain {
  int i;
  __device__ operator int() { return g_s[i + 1]; } //~ race
};

__global__ void reads_only(int *out) {
  int t = threadIdx.x;
  g_s[t] = t;                                       //~ race
  Plain p{t};
  out[t] = p;
}
