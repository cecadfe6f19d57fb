// expect-verdict: racy
// The twin of host_launch_block_warp_size_prop.cu whose host code, through a
// reference bound to `props.warpSize`,
// overwrites the warp size it read from the device with 48: blocks of 48
// threads hold `48 / 32 = 1` warp by the kernel's count, so thread 32 of
// block 0 and thread 0 of block 1 both own row 1.

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
        y[i] = x[i] * 2.0f; //~ race write-write
    }
}

void run_ref_rows(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows<<<grid, block_size>>>(out, inp, N, C);
}

void dispatch_ref(int which, float *out, const float *inp, int N, int C, const int warp_size,
              const int block_size) {
    switch (which) {
    case 1:
        run_ref_rows(out, inp, N, C, warp_size, block_size);
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
    int &w = props.warpSize;
    w = 48;
    int warp_size = props.warpSize;
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        dispatch_ref(argc, out, inp, 8, 128, warp_size, block_size);
    }
    return 0;
}
