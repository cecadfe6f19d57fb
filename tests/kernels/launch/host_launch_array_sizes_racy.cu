// expect-verdict: racy
// As host_launch_array_sizes.cu, but the array of sizes is passed to a
// function before the launch, which may change its elements: the block is
// unknown, and a block wider than the tile races.
#define TILE 16

void tune(size_t *sizes);

__global__ void flip_tiles_tuned(float *m) {
    __shared__ float tile[TILE][TILE];
    int tile_base = blockIdx.x * TILE * TILE;
    int at = tile_base + threadIdx.y * TILE + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = m[at]; //~ race
    __syncthreads();
    m[at] = tile[TILE - 1 - threadIdx.y][TILE - 1 - threadIdx.x]; //~ race
}

void run(float *m) {
    size_t local[2] = {TILE, TILE};
    tune(local);
    size_t global[2] = {1024, 1024};
    dim3 grid(global[0] * global[1] / (local[0] * local[1]));
    dim3 block(local[0], local[1]);
    flip_tiles_tuned<<<grid, block>>>(m);
}
