// expect-verdict: race-free
// Launch sizes and arguments kept in host arrays whose elements are assigned
// one by one (`size_t block[2]; block[0] = TILE; block[1] = 256 / block[0];`,
// `int offset[2]; offset[1] = 0;`), as code ported from OpenCL sets its
// work sizes and offsets: each element is only ever named with a constant
// subscript, so it is a local of its own, and its last assignment before
// the launch gives the block (16, 16) the tile is made for and the row
// offset 0 every launch passes.
#define TILE 16

__global__ void flip_tiles_offset(float *m, int col_offset, int row_offset) {
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x + col_offset;
    int y = blockIdx.y * TILE + threadIdx.y + row_offset;
    int at = y * 4096 + x;
    tile[threadIdx.y][threadIdx.x] = m[at];
    __syncthreads();
    m[at] = tile[TILE - 1 - threadIdx.y][TILE - 1 - threadIdx.x];
}

__global__ void rows_from_offset(float *m, int row_offset) {
    // Thread t of a 64-thread block writes its own element only when
    // row_offset is 0: with 1, thread 32 of block 0 writes block 1's first.
    m[blockIdx.x * 64 + threadIdx.x * (1 + row_offset)] = (float)threadIdx.x;
}

void run(float *m, int steps) {
    size_t block_size[2];
    int offset[2];
    size_t max_work = 256;
    for (int step = 0; step < steps; step++) {
        block_size[0] = TILE;
        block_size[1] = max_work / block_size[0];
        offset[0] = step * TILE;
        offset[1] = 0;
        printf("block %zu x %zu, offset %d\n", block_size[0], block_size[1], offset[1]);
        dim3 block(block_size[0], block_size[1]);
        flip_tiles_offset<<<dim3(32, 32), block>>>(m, offset[0], offset[1]);
        rows_from_offset<<<64, 64>>>(m, offset[1]);
    }
}
