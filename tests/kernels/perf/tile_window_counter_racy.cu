// expect-verdict: racy
// Each block owns a slab of `3 * n + 2` floats of a global buffer (room for
// three arrays of private state): the block's threads copy `n` values into
// its second part, then read it back a
// tile at a time from the top: `jj` runs down from `n - 1` by the tile
// size, the tile starts at `bound = jj - 127`, and a read is guarded by
// `k + bound >= ii + 2`, where `ii` is the head of a loop counting up from
// 0 by blockDim.x (so `ii >= 0`: the loop's counter and its range are one
// step from what the reads' offsets mention, the shape of HeCBench tsp's
// TwoOpt). The twin of tile_window_counter.cu whose slabs are `n - 1`
// floats: the top read of block b (`px[n - 1]`, jj = n - 1, k = 127) is the
// first store of block b + 1 (`px[0]`); the last store of block b
// (`px[n - 1]`) is that one too.

#define TILE 128

__global__ void tile_window(int n, const float *src, float *glob, float *out) {
    __shared__ float tile[TILE];
    float *buf = &glob[blockIdx.x * (n - 1)];
    float *px = &buf[n];
    for (int i = threadIdx.x; i < n; i += blockDim.x) px[i] = src[i]; //~ race
    __syncthreads();
    float acc = 0.0f;
    for (int ii = 0; ii < n - 2; ii += blockDim.x) {
        for (int jj = n - 1; jj >= ii + 2; jj -= TILE) {
            int bound = jj - TILE + 1;
            for (int k = threadIdx.x; k < TILE; k += blockDim.x) {
                if (k + bound >= ii + 2) {
                    tile[k] = px[k + bound]; //~ race read-write
                }
            }
            __syncthreads();
            acc += tile[0];
            __syncthreads();
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
