// expect-verdict(constant_algorithm_synced): unsupported
// expect-verdict(constant_algorithm_reused): unsupported
// expect-verdict(constant_direct_algorithm): unsupported
// expect-verdict(warp_transpose): unsupported
// expect-verdict(transpose_union_raw_read): racy
//--blockDim=128 --gridDim=4
// BlockLoad's algorithm when it is not written as one of cub's names (a
// constant) may be any: a transposing one exchanges through the storage, a
// direct one synchronises nothing (a barrier would hide the race on `s` in
// constant_direct_algorithm): not modelled, so unsupported; so is the
// warp-transposing one (per-warp regions of the storage). A block
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
    Load(ts).Load(in + blockIdx.x * 1024, a);
    Load(ts).Load(in + blockIdx.x * 1024 + 512, b);
    out[blockIdx.x * 128 + threadIdx.x] = a[0] + b[0];
}

constexpr cub::BlockLoadAlgorithm DIRECT_ALGO = cub::BLOCK_LOAD_DIRECT;

__global__ void constant_direct_algorithm(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4, DIRECT_ALGO> Load;
    __shared__ typename Load::TempStorage ts;
    __shared__ int s[128];
    s[threadIdx.x] = in[threadIdx.x];
    int items[4];
    Load(ts).Load(in + blockIdx.x * 512, items);
    out[blockIdx.x * 128 + threadIdx.x] = s[(threadIdx.x + 1) % 128] + items[0];
}

__global__ void warp_transpose(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> Load;
    __shared__ union {
        typename Load::TempStorage load;
        int raw[512];
    } ts;
    int items[4];
    int v = ts.raw[256 + (threadIdx.x + 1) % 128];
    Load(ts.load).Load(in + blockIdx.x * 512, items);
    out[blockIdx.x * 128 + threadIdx.x] = v + items[0];
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
