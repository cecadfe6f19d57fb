// expect-verdict: race-free
// One warp per row; the host computes the grid with a function template
// `ceil_div(T, T)` that takes the block size by value, then launches with
// block sizes from a loop doubling from `props.warpSize`. Template argument
// deduction never makes a parameter of type `T` a reference, so the call
// cannot change the block size: every block is a whole number of warps and
// the rows of two blocks are apart.

#include <cuda_runtime.h>

__global__ void warp_rows_th(float *out, const float *inp, int N, int C) {
    int tid = threadIdx.x;
    int warpId = tid / warpSize;
    const int warpsPerBlock = blockDim.x / warpSize;
    int row = blockIdx.x * warpsPerBlock + warpId;
    if (row >= N) return;
    int laneId = tid % warpSize;
    const float *x = inp + row * C;
    float *const y = out + row * C;
    for (int i = laneId; i < C; i += warpSize) {
        y[i] = x[i] * 2.0f;
    }
}

template <class T>
__host__ __device__ T ceil_div_th(T dividend, T divisor) {
    return (dividend + divisor - 1) / divisor;
}

void run_rows_th(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    const int grid = ceil_div_th(N * warp_size, block_size);
    warp_rows_th<<<grid, block_size>>>(out, inp, N, C);
}

int main() {
    float *out, *inp;
    cudaMalloc(&out, 8 * 128 * sizeof(float));
    cudaMalloc(&inp, 8 * 128 * sizeof(float));
    cudaDeviceProp props;
    cudaGetDeviceProperties(&props, 0);
    int warp_size = props.warpSize;
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        run_rows_th(out, inp, 8, 128, warp_size, block_size);
    }
    return 0;
}
