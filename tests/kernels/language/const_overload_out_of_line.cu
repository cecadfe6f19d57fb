// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// const_overload_by_object.cu with the members defined out of line: the
// trailing `const` of the definition tells the members apart.

struct Split {
  float *a;
  double *b; // another element size: not taken as `a`'s array
  __device__ float &at(int i);
  __device__ double at(int i) const;
};
__device__ float &Split::at(int i) { return a[i]; }
__device__ double Split::at(int i) const { return b[i]; }

__global__ void out_of_line(Split s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Split &c = s;
  s.at(i) = c.at(i + 1);
}
