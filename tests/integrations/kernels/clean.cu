//--blockDim=256 --gridDim=4
// Block-wide reversal through shared memory, with the barrier between the stores and the loads.
__global__ void reverse_block(int *data)
{
    __shared__ int tile[256];
    unsigned int t = threadIdx.x;
    tile[t] = data[blockIdx.x * 256 + t];
    __syncthreads();
    data[blockIdx.x * 256 + t] = tile[255 - t];
}
