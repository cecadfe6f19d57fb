// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Binding a reference parameter to an object accesses no memory: thread 0
// writes the shared cell while the others pass it to a function that never
// reads it (cub's collectives take their `TempStorage &` that way).

struct Cell {
  int v;
};

__device__ void keep(Cell &c, int *out) { out[threadIdx.x] = threadIdx.x; }

__global__ void ref_arg_unread(int *out) {
  __shared__ Cell c;
  if (threadIdx.x == 0)
    c.v = 5;
  keep(c, out);
}
