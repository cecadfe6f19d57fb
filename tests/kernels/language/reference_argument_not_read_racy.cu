// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Racy twin: the function reads the cell through the reference, with no
// barrier after thread 0's write.

struct Cell {
  int v;
};

__device__ void use(Cell &c, int *out) { out[threadIdx.x] = c.v; }

__global__ void ref_arg_read(int *out) {
  __shared__ Cell c;
  if (threadIdx.x == 0)
    c.v = 5; //~ race write-read
  use(c, out);
}
