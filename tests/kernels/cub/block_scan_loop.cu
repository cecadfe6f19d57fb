// expect-verdict(scans_synced): race-free
// expect-verdict(loop_barrier_at_end): race-free
// expect-verdict(scans_unsynced): racy
// expect-verdict(loop_no_barrier_at_end): racy
//--blockDim=256 --gridDim=8
// Scans and reductions in loops: one temp_storage per collective, reused
// only after a barrier (as cub documents it).
#include <cub/block/block_scan.cuh>
#include <cub/block/block_reduce.cuh>

__global__ void scans_synced(const int *in, int *out) {
    typedef hipcub::BlockScan<int, 256> BlockScan;
    __shared__ typename BlockScan::TempStorage temp_storage;
    int x = in[blockIdx.x * 256 + threadIdx.x];
    int a, b;
    BlockScan(temp_storage).InclusiveSum(x, a);
    __syncthreads();
    BlockScan(temp_storage).ExclusiveSum(a, b);
    out[blockIdx.x * 256 + threadIdx.x] = b;
}

__global__ void scans_unsynced(const int *in, int *out) {
    typedef hipcub::BlockScan<int, 256> BlockScan;
    __shared__ typename BlockScan::TempStorage temp_storage;
    int x = in[blockIdx.x * 256 + threadIdx.x];
    int a, b;
    BlockScan(temp_storage).InclusiveSum(x, a); //~ race read-write
    BlockScan(temp_storage).ExclusiveSum(a, b); //~ race write-read
    out[blockIdx.x * 256 + threadIdx.x] = b;
}

__global__ void loop_barrier_at_end(const float *in, float *out, int rows) {
    typedef cub::BlockReduce<float, 256> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        float v = in[row * 256 + threadIdx.x];
        float sum = BlockReduce(temp_storage).Sum(v);
        if (threadIdx.x == 0) {
            out[row] = sum;
        }
        __syncthreads();
    }
}

__global__ void loop_no_barrier_at_end(const float *in, float *out, int rows) {
    typedef cub::BlockReduce<float, 256> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        float v = in[row * 256 + threadIdx.x];
        float sum = BlockReduce(temp_storage).Sum(v); //~ race
        if (threadIdx.x == 0) {
            out[row] = sum;
        }
    }
}
