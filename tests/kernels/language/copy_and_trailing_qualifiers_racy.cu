// expect-verdict: racy
//--blockDim=64 --gridDim=2
// The twins of copy_and_trailing_qualifiers.cu that must stay racy.

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

// No barrier: thread 0 writes the seed that the other threads copy.
__global__ void no_barrier(Seed *seeds, int *out) {
    Seed mine(seeds[blockIdx.x]); //~ race read-write
    int t = threadIdx.x;
    out[blockIdx.x * blockDim.x + t] = mine.begin;
    if (t == 0) {
        mine.end = mine.begin + 1;
        seeds[blockIdx.x] = mine; //~ race write-read
    }
}

// The qualified function is still called: its index is the same for all.
__global__ void same_index(int *out) {
    int t = threadIdx.x;
    out[larger(0, 1)] = t; //~ race write-write
}
