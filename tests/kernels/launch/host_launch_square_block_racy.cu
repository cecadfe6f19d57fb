// expect-verdict: racy
// As host_launch_square_block.cu, but the blocks are not square: one
// launch's y extent is one more than its x extent, another's is computed by
// a call (which may return another value each time), and a block assigned
// after its definition. A thread with threadIdx.y == blockDim.x writes the
// tile element of the next column's first thread.
__global__ void transpose_in_block_tall(float *m) {
    extern __shared__ float tile[];
    unsigned side = blockDim.x;
    unsigned at = threadIdx.y * side + threadIdx.x;
    tile[threadIdx.x * side + threadIdx.y] = m[at]; //~ race write-write
    __syncthreads();
    m[at] = tile[at];
}

__global__ void transpose_in_block_called(float *m) {
    extern __shared__ float tile[];
    unsigned side = blockDim.x;
    unsigned at = threadIdx.y * side + threadIdx.x;
    tile[threadIdx.x * side + threadIdx.y] = m[at]; //~ race write-write
    __syncthreads();
    m[at] = tile[at];
}

__global__ void transpose_in_block_reassigned(float *m) {
    extern __shared__ float tile[];
    unsigned side = blockDim.x;
    unsigned at = threadIdx.y * side + threadIdx.x;
    tile[threadIdx.x * side + threadIdx.y] = m[at]; //~ race write-write
    __syncthreads();
    m[at] = tile[at];
}

int next_size();

void run(float *m, int t) {
    dim3 tall(t, t + 1);
    transpose_in_block_tall<<<1, tall, t * (t + 1) * sizeof(float)>>>(m);
    transpose_in_block_called<<<1, dim3(next_size(), next_size())>>>(m);
    dim3 block(t, t);
    block.y = 2 * t;
    transpose_in_block_reassigned<<<1, block, 2 * t * t * sizeof(float)>>>(m);
}
