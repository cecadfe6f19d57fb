// expect-verdict: racy
// As host_launch_cast.cu, but a reference to the local is made through a
// cast (`(int &)group`) and written: the block size is not the tile's.
#define TILE 16

__global__ void reverse_tiles_aliased(int *a) {
    __shared__ int tile[TILE];
    tile[threadIdx.x] = a[blockIdx.x * TILE + threadIdx.x]; //~ race read-write
    __syncthreads();
    a[blockIdx.x * TILE + threadIdx.x] = tile[TILE - 1 - threadIdx.x]; //~ race write-write, race write-read
}

void run(int *a, int tiles, int wide) {
    int group = TILE;
    int &alias = (int &)group;
    alias = wide;
    const size_t local_work = (size_t)group;
    for (int t = 1; t <= tiles; t++) {
        reverse_tiles_aliased<<<t, local_work>>>(a);
    }
}
