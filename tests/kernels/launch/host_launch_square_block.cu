// expect-verdict: race-free
// A square block of a size only known at run time (`dim3 block(t, t)`): the
// kernel takes blockDim.x as the side of its tile in both dimensions, which
// is right because the launch's blockDim.y equals blockDim.x.
__global__ void transpose_in_block(float *m) {
    extern __shared__ float tile[];
    unsigned side = blockDim.x;
    unsigned at = threadIdx.y * side + threadIdx.x;
    tile[threadIdx.x * side + threadIdx.y] = m[at];
    __syncthreads();
    m[at] = tile[at];
}

void run(float *m, int t) {
    dim3 block(t, t);
    transpose_in_block<<<1, block, t * t * sizeof(float)>>>(m);
}
