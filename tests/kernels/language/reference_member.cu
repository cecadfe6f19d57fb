// expect-verdict(named_object_racy): racy
// expect-verdict(aggregate_racy): racy
// A member declared as a reference (`Tile &tile;`) refers to memory
// elsewhere: the object does not hold it. Taken as the object's own
// per-thread storage, the accesses through it were dropped and the races
// of both kernels hidden. The referent is modelled as unknown memory.
struct Tile {
    float v[256];
};

struct Swapper {
    Tile &tile;
    __device__ Swapper(Tile &t) : tile(t) {}
    __device__ void swap_neighbours()
    {
        tile.v[threadIdx.x] = threadIdx.x; //~ race
        tile.v[threadIdx.x] += tile.v[threadIdx.x ^ 1]; //~ race
    }
};

struct Holder {
    Tile &tile;
};

__global__ void named_object_racy()
{
    __shared__ Tile t;
    Swapper s(t);
    __syncthreads();
    s.swap_neighbours();
}

__global__ void aggregate_racy()
{
    __shared__ Tile t;
    Holder h{t};
    __syncthreads();
    h.tile.v[threadIdx.x] = threadIdx.x; //~ race
    h.tile.v[threadIdx.x] += h.tile.v[threadIdx.x ^ 1]; //~ race
}

void run()
{
    named_object_racy<<<1, 256>>>();
    aggregate_racy<<<1, 256>>>();
}
