// expect-verdict: race-free
//--blockDim=256 --gridDim=16
// Atomics never race with each other, in shared or in global memory.

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
    __shared__ unsigned local_bins[256];
    unsigned tid = threadIdx.x;
    local_bins[tid] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
        atomicAdd(&local_bins[data[i]], 1u);
    }
    __syncthreads();
    atomicAdd(&bins[tid], local_bins[tid]);
}
