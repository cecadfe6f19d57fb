// expect-verdict: race-free
// The twin of host_launch_lambda_trailing_return_racy.cu whose lambda sets
// another variable: `blocks` is 4 at the launch, x < 256 = n.
#include <utility>

__global__ void rows_kept(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = (float)blockIdx.x;
}

void run(float *a) {
    int blocks;
    int rounds = 0;
    auto count = [&]() -> std::pair<int, int> { rounds = 8; return {0, 0}; };
    blocks = 4;
    count();
    rows_kept<<<dim3(blocks, 8), 64>>>(a, 256);
}
