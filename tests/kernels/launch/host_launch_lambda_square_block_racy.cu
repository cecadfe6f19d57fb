// expect-verdict: racy
// As host_launch_lambda_square_block.cu, but the lambda's block is not
// square on every call: its y extent is a variable of the enclosing function,
// which is changed after the lambda is made (the lambda runs later), or a
// local of the lambda that a nested lambda writes. A thread with threadIdx.y
// == blockDim.x writes the tile element of the next column's first thread.
#include <thread>

__global__ void transpose_worker_outer(float *m) {
    extern __shared__ float tile[];
    unsigned side = blockDim.x;
    unsigned at = threadIdx.y * side + threadIdx.x;
    tile[threadIdx.x * side + threadIdx.y] = m[at]; //~ race write-write
    __syncthreads();
    m[at] = tile[at];
}

__global__ void transpose_worker_nested(float *m) {
    extern __shared__ float tile[];
    unsigned side = blockDim.x;
    unsigned at = threadIdx.y * side + threadIdx.x;
    tile[threadIdx.x * side + threadIdx.y] = m[at]; //~ race write-write
    __syncthreads();
    m[at] = tile[at];
}

void run(float *m, int t) {
    int rows = t;
    std::thread worker([&]() {
        dim3 block(t, rows);
        transpose_worker_outer<<<1, block, t * rows * sizeof(float)>>>(m);
    });
    rows = t + 1;
    worker.join();
    std::thread other([&]() {
        int u = t;
        int v = t;
        auto grow = [&]() { v = t + 1; };
        grow();
        dim3 block(u, v);
        transpose_worker_nested<<<1, block, u * v * sizeof(float)>>>(m);
    });
    other.join();
}
