// expect-verdict: racy
// The twin of host_launch_template_helper.cu whose wrapper calls a function
// template with an explicit reference argument, `bump_th<int &>(block_size,
// 16)`: its parameter of type `T` is then `int &`, and the call adds 16 to
// the block size, so blocks of 48 threads end mid-warp and the last warp's
// row is also the next block's first row.

#include <cuda_runtime.h>

__global__ void warp_rows_tr(float *out, const float *inp, int N, int C) {
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

template <class T>
void bump_th(T value, int by) {
    value += by;
}

void run_rows_tr(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    bump_th<int &>(block_size, 16);
    const int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows_tr<<<grid, block_size>>>(out, inp, N, C);
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
        run_rows_tr(out, inp, 8, 128, warp_size, block_size);
    }
    return 0;
}
