// expect-verdict: racy
// As host_launch_array_elements.cu, but an element is not the one constant
// at every launch: assigned again under a condition after its definition,
// assigned in a loop around the launch after the launch, set through a
// computed subscript, or through a pointer to the array. The block and the
// offset stay unknown, and a block wider than the tile, or a non-zero
// offset, races.
#define TILE 16

__global__ void flip_tiles_cond(float *m) {
    __shared__ float tile[TILE][TILE];
    int at = blockIdx.x * TILE * TILE + threadIdx.y * TILE + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = m[at]; //~ race
    __syncthreads();
    m[at] = tile[TILE - 1 - threadIdx.y][TILE - 1 - threadIdx.x]; //~ race
}

__global__ void flip_tiles_computed(float *m) {
    __shared__ float tile[TILE][TILE];
    int at = blockIdx.x * TILE * TILE + threadIdx.y * TILE + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = m[at]; //~ race
    __syncthreads();
    m[at] = tile[TILE - 1 - threadIdx.y][TILE - 1 - threadIdx.x]; //~ race
}

__global__ void rows_from_offset_looped(float *m, int row_offset) {
    // Thread t of a 64-thread block writes its own element only when
    // row_offset is 0: with 1, thread 32 of block 0 writes block 1's first.
    m[blockIdx.x * 64 + threadIdx.x * (1 + row_offset)] = (float)threadIdx.x; //~ race
}

__global__ void rows_from_offset_pointer(float *m, int row_offset) {
    // Thread t of a 64-thread block writes its own element only when
    // row_offset is 0: with 1, thread 32 of block 0 writes block 1's first.
    m[blockIdx.x * 64 + threadIdx.x * (1 + row_offset)] = (float)threadIdx.x; //~ race
}

void run(float *m, int steps, int wide) {
    size_t block_size[2];
    block_size[0] = TILE;
    block_size[1] = TILE;
    if (wide) {
        block_size[0] = 2 * TILE;
    }
    flip_tiles_cond<<<64, dim3(block_size[0], block_size[1])>>>(m);

    size_t sizes[2];
    sizes[0] = TILE;
    sizes[1] = TILE;
    sizes[wide] = 2 * TILE;
    flip_tiles_computed<<<64, dim3(sizes[0], sizes[1])>>>(m);

    int offset[2];
    offset[1] = 0;
    for (int step = 0; step < steps; step++) {
        rows_from_offset_looped<<<64, 64>>>(m, offset[1]);
        offset[1] = step + 1;
    }

    int moved[2];
    moved[1] = 0;
    int *p = moved;
    p[1] = wide;
    rows_from_offset_pointer<<<64, 64>>>(m, moved[1]);
}
