// expect-verdict: race-free
// Work-group sizes kept in host arrays, as code ported from OpenCL writes
// them (`size_t local[2] = {16, 16}`): the elements are never written, so
// the block is the 16x16 the kernel's tile is made for.
#define TILE 16

__global__ void flip_tiles(float *m) {
    __shared__ float tile[TILE][TILE];
    int tile_base = blockIdx.x * TILE * TILE;
    int at = tile_base + threadIdx.y * TILE + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = m[at];
    __syncthreads();
    m[at] = tile[TILE - 1 - threadIdx.y][TILE - 1 - threadIdx.x];
}

void run(float *m) {
    size_t local[2] = {TILE, TILE};
    size_t global[2] = {1024, 1024};
    dim3 grid(global[0] * global[1] / (local[0] * local[1]));
    dim3 block(local[0], local[1]);
    flip_tiles<<<grid, block>>>(m);
}
