// expect-verdict(reuse_after_barrier): race-free
// expect-verdict(distinct_storages): race-free
// expect-verdict(union_after_barrier): race-free
// expect-verdict(reuse_without_barrier): racy
// expect-verdict(union_without_barrier): racy
// expect-verdict(wrong_storage): racy
//--blockDim=128 --gridDim=4
// cub's block collectives without cub's header: a collective call is
// "every thread writes its slot of temp_storage; block barrier; every
// thread reads any slot", so reusing the storage needs a barrier between.
#include <cub/cub.cuh>

typedef cub::BlockReduce<int, 128> BlockReduceT;

__global__ void reuse_after_barrier(const int *in, int *out) {
    __shared__ typename BlockReduceT::TempStorage temp_storage;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = BlockReduceT(temp_storage).Sum(x);
    __syncthreads();
    int m = BlockReduceT(temp_storage).Reduce(x, cub::Max());
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = s;
        out[2 * blockIdx.x + 1] = m;
    }
}

__global__ void distinct_storages(const int *in, int *out) {
    using BlockReduce = cub::BlockReduce<int, 128>;
    __shared__ typename BlockReduce::TempStorage sum_storage;
    __shared__ typename BlockReduce::TempStorage max_storage;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = BlockReduce(sum_storage).Sum(x);
    int m = BlockReduce(max_storage).Reduce(x, cub::Max());
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = s;
        out[2 * blockIdx.x + 1] = m;
    }
}

__global__ void union_after_barrier(const int *in, int *out) {
    typedef cub::BlockReduce<int, 128> Reduce;
    typedef cub::BlockScan<int, 128> Scan;
    __shared__ union {
        typename Reduce::TempStorage reduce;
        typename Scan::TempStorage scan;
    } temp;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int total = Reduce(temp.reduce).Sum(x);
    __syncthreads();
    int prefix;
    Scan(temp.scan).ExclusiveSum(x, prefix);
    out[blockIdx.x * 128 + threadIdx.x] = prefix;
    if (threadIdx.x == 0) {
        out[4 * 128 + blockIdx.x] = total;
    }
}

__global__ void reuse_without_barrier(const int *in, int *out) {
    __shared__ typename BlockReduceT::TempStorage temp_storage;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = BlockReduceT(temp_storage).Sum(x); //~ race read-write
    int m = BlockReduceT(temp_storage).Reduce(x, cub::Max()); //~ race write-read
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = s;
        out[2 * blockIdx.x + 1] = m;
    }
}

__global__ void union_without_barrier(const int *in, int *out) {
    typedef cub::BlockReduce<int, 128> Reduce;
    typedef cub::BlockScan<int, 128> Scan;
    __shared__ union {
        typename Reduce::TempStorage reduce;
        typename Scan::TempStorage scan;
    } temp;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int total = Reduce(temp.reduce).Sum(x); //~ race read-write
    int prefix;
    Scan(temp.scan).ExclusiveSum(x, prefix); //~ race write-read
    out[blockIdx.x * 128 + threadIdx.x] = prefix;
    if (threadIdx.x == 0) {
        out[4 * 128 + blockIdx.x] = total;
    }
}

__global__ void wrong_storage(const int *in, int *out) {
    using BlockReduce = cub::BlockReduce<int, 128>;
    __shared__ typename BlockReduce::TempStorage sum_storage;
    __shared__ typename BlockReduce::TempStorage max_storage;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = BlockReduce(sum_storage).Sum(x); //~ race read-write
    int m = BlockReduce(sum_storage).Reduce(x, cub::Max()); //~ race write-read
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = s;
        out[2 * blockIdx.x + 1] = m;
    }
}
