//--blockDim=256 --gridDim=4
// Shifts each block's tile one slot left: every thread stores its element in shared memory, then
// reads its right neighbour's slot. The barrier between the store and the load is missing, so a
// thread may read the slot before its neighbour has written it.
#include <cuda_runtime.h>

__global__ void shift_left(const int *in, int *out)
{
    __shared__ int tile[257];
    unsigned int t = threadIdx.x;
    tile[t] = in[blockIdx.x * blockDim.x + t];
    out[blockIdx.x * blockDim.x + t] = tile[t + 1];
}

int main()
{
    int *in = nullptr;
    int *out = nullptr;
    cudaMalloc(&in, 1024 * sizeof(int));
    cudaMalloc(&out, 1024 * sizeof(int));
    shift_left<<<4, 256>>>(in, out);
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    return 0;
}
