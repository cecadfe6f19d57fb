// expect-verdict: racy
// A lambda with a trailing return type (`-> std::pair<int, int>`) sets
// `blocks` when it is called, after the assignment `blocks = 4`: 8 blocks
// of 64 threads run with n = 256, and row y's last blocks write row y + 1.
#include <utility>

__global__ void rows_grown(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = (float)blockIdx.x; //~ race write-write
}

void run(float *a) {
    int blocks;
    auto grow = [&]() -> std::pair<int, int> { blocks = 8; return {0, 0}; };
    blocks = 4;
    grow();
    rows_grown<<<dim3(blocks, 8), 64>>>(a, 256);
}
