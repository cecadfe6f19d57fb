// expect-verdict: race-free
// One warp per row, launched through two wrappers with block sizes from a
// host loop that doubles from the device's warp size: `props.warpSize`, which
// `cudaGetDeviceProperties` fills with 32 on every CUDA device, so every
// block is a whole number of warps and the rows of two blocks are apart. The
// racy twins overwrite the warp size or step the loop to 80 threads.

#include <cuda_runtime.h>

__global__ void warp_rows(float *out, const float *inp, int N, int C) {
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

void run_prop_rows(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows<<<grid, block_size>>>(out, inp, N, C);
}

void dispatch_prop(int which, float *out, const float *inp, int N, int C, const int warp_size,
              const int block_size) {
    switch (which) {
    case 1:
        run_prop_rows(out, inp, N, C, warp_size, block_size);
        break;
    default:
        break;
    }
}

int main(int argc, char **argv) {
    float *out, *inp;
    cudaMalloc(&out, 8 * 128 * sizeof(float));
    cudaMalloc(&inp, 8 * 128 * sizeof(float));
    cudaDeviceProp props;
    cudaGetDeviceProperties(&props, 0);
    int warp_size = props.warpSize;
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        dispatch_prop(argc, out, inp, 8, 128, warp_size, block_size);
    }
    return 0;
}
