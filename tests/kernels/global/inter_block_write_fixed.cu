// expect-verdict: race-free
//--blockDim=64 --gridDim=4

__global__ void tag_by_block_own_slice(int *data) {
    data[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}
