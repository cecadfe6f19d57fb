// expect-verdict: racy
// The twin of host_launch_forwarding_template.cu whose template also calls
// the function with arguments of its own: a block of 48 threads, so thread 32
// of block 0 (warp 1, row 1) and thread 0 of block 1 (row 1) share a row.

#include <cuda_runtime.h>
#include <utility>

__global__ void warp_rows_own(float *out, const float *inp, int N, int C) {
    int tid = threadIdx.x;
    int warpId = tid / warpSize;
    const int warpsPerBlock = blockDim.x / warpSize;
    int row = blockIdx.x * warpsPerBlock + warpId;
    if (row >= N) return;
    int laneId = tid % warpSize;
    const float *x = inp + row * C;
    float *const y = out + row * C;
    for (int i = laneId; i < C; i += warpSize) {
        y[i] = x[i] * 2.0f; //~ race write-write, race read-write
    }
}

void run_rows_own(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows_own<<<grid, block_size>>>(out, inp, N, C);
}

void dispatch_own(int which, float *out, const float *inp, int N, int C, const int warp_size,
              const int block_size) {
    switch (which) {
    case 1:
        run_rows_own(out, inp, N, C, warp_size, block_size);
        break;
    default:
        break;
    }
}

float *g_out_own, *g_inp_own;

template <class Kernel, class... KernelArgs>
float bench_own(int repeats, Kernel kernel, KernelArgs &&...kernel_args) {
    kernel(std::forward<KernelArgs>(kernel_args)...);
    kernel(1, g_out_own, g_inp_own, 8, 128, 32, 48);
    return 1.0f;
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
        dispatch_own(argc, out, inp, 8, 128, warp_size, block_size);
    }
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        float t = bench_own(10, dispatch_own, argc, out, inp, 8, 128, warp_size, block_size);
        (void)t;
    }
    return 0;
}
