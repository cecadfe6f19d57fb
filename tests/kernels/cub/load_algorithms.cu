// expect-verdict(constant_algorithm_synced): race-free
// expect-verdict(constant_algorithm_reused): racy
// expect-verdict(transpose_union_raw_read): racy
//--blockDim=128 --gridDim=4
// BlockLoad's algorithm when it is not written as one of cub's names (a
// constant) may transpose: the storage is exchanged across a barrier. A
// transpose writes items past the first `threads` slots of its storage.
#include <cub/cub.cuh>

constexpr cub::BlockLoadAlgorithm LOAD_ALGO = cub::BLOCK_LOAD_TRANSPOSE;

__global__ void constant_algorithm_synced(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4, LOAD_ALGO> Load;
    __shared__ typename Load::TempStorage ts;
    int a[4];
    int b[4];
    Load(ts).Load(in + blockIdx.x * 1024, a);
    __syncthreads();
    Load(ts).Load(in + blockIdx.x * 1024 + 512, b);
    out[blockIdx.x * 128 + threadIdx.x] = a[0] + b[0];
}

__global__ void constant_algorithm_reused(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4, LOAD_ALGO> Load;
    __shared__ typename Load::TempStorage ts;
    int a[4];
    int b[4];
    Load(ts).Load(in + blockIdx.x * 1024, a); //~ race read-write
    Load(ts).Load(in + blockIdx.x * 1024 + 512, b); //~ race write-read
    out[blockIdx.x * 128 + threadIdx.x] = a[0] + b[0];
}

__global__ void transpose_union_raw_read(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> Load;
    __shared__ union {
        typename Load::TempStorage load;
        int raw[512];
    } ts;
    int items[4];
    int v = ts.raw[256 + (threadIdx.x + 1) % 128]; //~ race read-write
    Load(ts.load).Load(in + blockIdx.x * 512, items); //~ race write-read
    out[blockIdx.x * 128 + threadIdx.x] = v + items[0];
}
