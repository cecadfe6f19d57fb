// expect-verdict: racy
// The twin of host_launch_forwarding_template.cu whose benchmarking template
// is given a lambda, not the wrapper: the lambda takes the block size by
// reference and adds 16 before launching, so the second launch runs a block
// of 48 threads, ending mid-warp, and the last warp's row is also the next
// block's first row. Only a named function whose every declaration takes
// its parameters by value gets a copy of what the template forwards.

#include <cuda_runtime.h>
#include <utility>

__global__ void warp_rows_lm(float *out, const float *inp, int N, int C) {
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

void run_rows_lm(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows_lm<<<grid, block_size>>>(out, inp, N, C);
}

template <class Kernel, class... KernelArgs>
float bench_lm(int repeats, Kernel kernel, KernelArgs &&...kernel_args) {
    float elapsed = 0.f;
    for (int i = 0; i < repeats; i++) {
        kernel(std::forward<KernelArgs>(kernel_args)...);
        elapsed += 1.0f;
    }
    return elapsed / repeats;
}

int main(int argc, char **argv) {
    float *out, *inp;
    cudaMalloc(&out, 8 * 128 * sizeof(float));
    cudaMalloc(&inp, 8 * 128 * sizeof(float));
    cudaDeviceProp props;
    cudaGetDeviceProperties(&props, 0);
    int warp_size = props.warpSize;
    auto dispatch_lm = [](float *o, const float *i, int N, int C, int w, int &block_size) {
        block_size += 16;
        run_rows_lm(o, i, N, C, w, block_size);
    };
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        run_rows_lm(out, inp, 8, 128, warp_size, block_size);
    }
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        float t = bench_lm(10, dispatch_lm, out, inp, 8, 128, warp_size, block_size);
        (void)t;
    }
    return 0;
}
