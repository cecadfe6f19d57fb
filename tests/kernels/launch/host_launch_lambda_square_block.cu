// expect-verdict: race-free
// A launch inside a lambda (as code that runs the GPU from a host thread
// writes it: `std::thread([&]() { ... k<<<grid, block>>>(...); })`): the
// block `dim3 block(t, t)` is built from the lambda's own local `t`, so
// blockDim.y equals blockDim.x on every call, and the tile whose row stride
// is blockDim.x holds one element per thread.
#include <thread>

struct Params {
    int threads;
};

__global__ void transpose_tile_in_worker(float *m) {
    extern __shared__ float tile[];
    unsigned side = blockDim.x;
    unsigned at = threadIdx.y * side + threadIdx.x;
    tile[threadIdx.x * side + threadIdx.y] = m[at];
    __syncthreads();
    m[at] = tile[at];
}

void run(float *m, Params p) {
    std::thread worker([&]() {
        int t = p.threads;
        dim3 block(t, t);
        transpose_tile_in_worker<<<1, block, t * t * sizeof(float)>>>(m);
    });
    worker.join();
}
