// expect-verdict: race-free
// The block size goes through a C-style cast (`(size_t)group`), which reads
// the local: the launch's block is still the constant 16 the kernel's tile
// is made for, while the grid is the counter of the host loop.
#define TILE 16

__global__ void reverse_tiles(int *a) {
    __shared__ int tile[TILE];
    tile[threadIdx.x] = a[blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    a[blockIdx.x * TILE + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

void run(int *a, int tiles) {
    int group = TILE;
    const size_t local_work = (size_t)group;
    size_t global_work;
    for (int t = 1; t <= tiles; t++) {
        global_work = t;
        reverse_tiles<<<global_work, local_work>>>(a);
    }
}
