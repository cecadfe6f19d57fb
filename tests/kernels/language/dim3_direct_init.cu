// expect-verdict: race-free
//--blockDim=[4,4,4] --gridDim=1
// `dim3 idx(a, b, c)` gives each component its own argument, as the
// functional cast `dim3(a, b, c)` does: every thread writes its own cell of
// the padded tile.

__global__ void padded_tile(const float *in, float *out) {
    __shared__ float tile[6][6][6];
    unsigned int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    dim3 idx(tx + 1, ty + 1, tz + 1);
    tile[idx.x][idx.y][idx.z] = in[(tz * 4 + ty) * 4 + tx];
    __syncthreads();
    out[(tz * 4 + ty) * 4 + tx] = tile[idx.x][idx.y][idx.z] + tile[idx.x - 1][idx.y][idx.z];
}
