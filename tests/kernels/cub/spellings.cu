// expect-verdict(alias_synced): race-free
// expect-verdict(alias_unsynced): racy
// expect-verdict(using_declaration_unsynced): racy
//--blockDim=128 --gridDim=4
// cub's classes named through a namespace alias or a using-declaration.
#include <cub/cub.cuh>

namespace cb = cub;
using cub::BlockScan;

__global__ void alias_synced(const int *in, int *out) {
    __shared__ typename cb::BlockReduce<int, 128>::TempStorage ts;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = cb::BlockReduce<int, 128>(ts).Sum(x);
    __syncthreads();
    int t = cb::BlockReduce<int, 128>(ts).Sum(x + 1);
    if (threadIdx.x == 0) {
        out[blockIdx.x] = s + t;
    }
}

__global__ void alias_unsynced(const int *in, int *out) {
    __shared__ typename cb::BlockReduce<int, 128>::TempStorage ts;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = cb::BlockReduce<int, 128>(ts).Sum(x); //~ race read-write
    int t = cb::BlockReduce<int, 128>(ts).Sum(x + 1); //~ race write-read
    if (threadIdx.x == 0) {
        out[blockIdx.x] = s + t;
    }
}

__global__ void using_declaration_unsynced(const int *in, int *out) {
    typedef BlockScan<int, 128> Scan;
    __shared__ typename Scan::TempStorage ts;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int a, b;
    Scan(ts).InclusiveSum(x, a); //~ race read-write
    Scan(ts).ExclusiveSum(a, b); //~ race write-read
    out[blockIdx.x * 128 + threadIdx.x] = b;
}
