// expect-verdict(blocked_in_place): race-free
// expect-verdict(blocked_symbolic_items): race-free
// expect-verdict(free_functions_in_place): race-free
// expect-verdict(blocked_neighbour_racy): racy
// expect-verdict(blocked_tiles_overlap_racy): racy
// expect-verdict(striped_then_blocked_racy): racy
// expect-verdict(two_dimensional_unmodelled): racy
//--blockDim=128 --gridDim=4
// cub's direct and vectorised BlockLoad/BlockStore of a one-dimensional
// block, and its free LoadDirect*/StoreDirect* functions, move exactly each
// thread's own items (blocked: tid * ITEMS + j; striped: tid + j * BLOCK;
// warp-striped: per warp, lane + j * 32): rewriting them in place needs no
// barrier, reading another thread's item does. A block's y/z extents
// written in the class make the layout unknown (any offset).
#include <cub/cub.cuh>

__global__ void blocked_in_place(int *d) {
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_VECTORIZE> Load;
    typedef cub::BlockStore<int, 128, 4> Store;
    __shared__ typename Load::TempStorage load_storage;
    __shared__ typename Store::TempStorage store_storage;
    int v[4];
    Load(load_storage).Load(d + blockIdx.x * 512, v);
    for (int i = 0; i < 4; i++) {
        v[i] += 1;
    }
    Store(store_storage).Store(d + blockIdx.x * 512, v);
}

template <int ITEMS>
__global__ void blocked_symbolic_items(float *d) {
    typedef cub::BlockStore<float, 128, ITEMS, cub::BLOCK_STORE_DIRECT> Store;
    __shared__ typename Store::TempStorage storage;
    float v[ITEMS];
    for (int i = 0; i < ITEMS; i++) {
        v[i] = 0.5f * i;
    }
    Store(storage).Store(d + blockIdx.x * blockDim.x * ITEMS, v);
}

__global__ void free_functions_in_place(int *a, int *b, int *c) {
    int v[4];
    cub::LoadDirectBlocked(threadIdx.x, a + blockIdx.x * 512, v);
    cub::StoreDirectBlocked(threadIdx.x, a + blockIdx.x * 512, v);
    cub::LoadDirectStriped<128>(threadIdx.x, b + blockIdx.x * 512, v);
    cub::StoreDirectStriped<128>(threadIdx.x, b + blockIdx.x * 512, v);
    cub::LoadDirectWarpStriped(threadIdx.x, c + blockIdx.x * 512, v);
    cub::StoreDirectWarpStriped(threadIdx.x, c + blockIdx.x * 512, v);
}

__global__ void blocked_neighbour_racy(int *d, int *out) {
    typedef cub::BlockStore<int, 128, 4> Store;
    __shared__ typename Store::TempStorage storage;
    int v[4] = {1, 2, 3, 4};
    Store(storage).Store(d + blockIdx.x * 512, v); //~ race write-read
    out[blockIdx.x * 128 + threadIdx.x] = d[blockIdx.x * 512 + ((threadIdx.x + 1) % 128) * 4];
}

__global__ void blocked_tiles_overlap_racy(int *d) {
    typedef cub::BlockStore<int, 128, 4> Store;
    __shared__ typename Store::TempStorage storage;
    int v[4] = {1, 2, 3, 4};
    Store(storage).Store(d + blockIdx.x * 256, v); //~ race write-write
}

__global__ void striped_then_blocked_racy(int *d) {
    int v[4];
    cub::LoadDirectStriped<128>(threadIdx.x, d + blockIdx.x * 512, v); //~ race read-write
    cub::StoreDirectBlocked(threadIdx.x, d + blockIdx.x * 512, v);
}

__global__ void two_dimensional_unmodelled(int *d) {
    typedef cub::BlockStore<int, 64, 4, cub::BLOCK_STORE_DIRECT, 2> Store;
    __shared__ typename Store::TempStorage storage;
    int v[4] = {1, 2, 3, 4};
    Store(storage).Store(d + blockIdx.x * 512, v); //~ race, race
}
