// expect-verdict: racy
//--blockDim=[4,4,4] --gridDim=1
// The same tile indexed by a `dim3` whose components repeat: threads (x, y, 0)
// and (x, 0, y) write the same cell (reading only the first argument of the
// constructor would hide it, and make the race-free twin racy).

__global__ void padded_tile_swapped(const float *in, float *out) {
    __shared__ float tile[6][6][6];
    unsigned int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    dim3 idx(tx + 1, ty + tz + 1, 1);
    tile[idx.x][idx.y][idx.z] = in[(tz * 4 + ty) * 4 + tx]; //~ race write-write
    __syncthreads();
    out[(tz * 4 + ty) * 4 + tx] = tile[idx.x][idx.y][idx.z];
}
