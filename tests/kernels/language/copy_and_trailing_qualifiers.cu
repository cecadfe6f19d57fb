// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// `Seed mine(seeds[b]);` copies an element with the implicit copy
// constructor (the parser reads it as a prototype taking an array `seeds`),
// and `T const & __device__ __host__ larger(..)` puts the CUDA qualifiers
// after the return type, which nvcc accepts. Every thread of a block reads
// the block's seed before the barrier; thread 0 writes it back after.

struct Seed {
    int begin;
    int end;
    __device__ Seed() : begin(0), end(0) {}
};

template <typename T>
T const &
__device__ __host__ larger(const T &a, const T &b) {
    return a < b ? b : a;
}

int __device__ twice(int x) { return 2 * x; }

__global__ void extend(Seed *seeds, int *out) {
    Seed mine(seeds[blockIdx.x]);
    Seed again(mine);
    int t = threadIdx.x;
    out[twice(blockIdx.x * blockDim.x + t)] = larger(mine.begin, again.end);
    __syncthreads();
    if (t == 0) {
        mine.end = mine.begin + 1;
        seeds[blockIdx.x] = mine;
    }
}
