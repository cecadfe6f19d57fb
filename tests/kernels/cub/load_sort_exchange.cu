// expect-verdict(sort_exchange_synced): race-free
// expect-verdict(direct_loads_share_storage): race-free
// expect-verdict(sort_exchange_unsynced): racy
// expect-verdict(transpose_loads_share_storage): racy
//--blockDim=128 --gridDim=4
// BlockRadixSort and BlockExchange exchange through their temp storage;
// BlockLoad does only with a transposing algorithm (the default, direct
// loads, use none).
#include <cub/cub.cuh>

__global__ void sort_exchange_synced(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4> Load;
    typedef cub::BlockRadixSort<int, 128, 4> Sort;
    typedef cub::BlockExchange<int, 128, 4> Exchange;
    __shared__ union {
        typename Sort::TempStorage sort;
        typename Exchange::TempStorage exchange;
    } temp;
    __shared__ typename Load::TempStorage load_storage;
    int keys[4];
    Load(load_storage).Load(in + blockIdx.x * 512, keys);
    Sort(temp.sort).Sort(keys);
    __syncthreads();
    Exchange(temp.exchange).BlockedToStriped(keys);
    for (int i = 0; i < 4; i++) {
        out[blockIdx.x * 512 + i * 128 + threadIdx.x] = keys[i];
    }
}

__global__ void sort_exchange_unsynced(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4> Load;
    typedef cub::BlockRadixSort<int, 128, 4> Sort;
    typedef cub::BlockExchange<int, 128, 4> Exchange;
    __shared__ union {
        typename Sort::TempStorage sort;
        typename Exchange::TempStorage exchange;
    } temp;
    __shared__ typename Load::TempStorage load_storage;
    int keys[4];
    Load(load_storage).Load(in + blockIdx.x * 512, keys);
    Sort(temp.sort).Sort(keys); //~ race read-write
    Exchange(temp.exchange).BlockedToStriped(keys); //~ race write-read
    for (int i = 0; i < 4; i++) {
        out[blockIdx.x * 512 + i * 128 + threadIdx.x] = keys[i];
    }
}

__global__ void direct_loads_share_storage(const int *a, const int *b, int *out) {
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_DIRECT> Load;
    __shared__ typename Load::TempStorage temp;
    int x[4];
    int y[4];
    Load(temp).Load(a + blockIdx.x * 512, x);
    Load(temp).Load(b + blockIdx.x * 512, y);
    for (int i = 0; i < 4; i++) {
        out[blockIdx.x * 512 + threadIdx.x * 4 + i] = x[i] + y[i];
    }
}

__global__ void transpose_loads_share_storage(const int *a, const int *b, int *out) {
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> Load;
    __shared__ typename Load::TempStorage temp;
    int x[4];
    int y[4];
    Load(temp).Load(a + blockIdx.x * 512, x); //~ race read-write
    Load(temp).Load(b + blockIdx.x * 512, y); //~ race write-read
    for (int i = 0; i < 4; i++) {
        out[blockIdx.x * 512 + threadIdx.x * 4 + i] = x[i] + y[i];
    }
}
