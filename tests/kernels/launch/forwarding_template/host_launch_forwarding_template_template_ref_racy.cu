// expect-verdict: racy
// The twin of host_launch_forwarding_template.cu whose template takes its
// repeat count by reference, bound by the caller to the block size it also
// forwards, and sets it to 48 before calling: the forwarded reference sees
// the new value, so the wrapper launches 48 threads, a block ending mid-warp.

#include <cuda_runtime.h>
#include <utility>

__global__ void warp_rows_tref(float *out, const float *inp, int N, int C) {
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

void run_rows_tref(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows_tref<<<grid, block_size>>>(out, inp, N, C);
}

void dispatch_tref(int which, float *out, const float *inp, int N, int C, const int warp_size,
              const int block_size) {
    switch (which) {
    case 1:
        run_rows_tref(out, inp, N, C, warp_size, block_size);
        break;
    default:
        break;
    }
}

template <class Kernel, class... KernelArgs>
float bench_tref(int &repeats, Kernel kernel, KernelArgs &&...kernel_args) {
    float elapsed = 0.f;
    repeats = 48;
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
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        dispatch_tref(argc, out, inp, 8, 128, warp_size, block_size);
    }
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        float t = bench_tref(block_size, dispatch_tref, argc, out, inp, 8, 128, warp_size, block_size);
        (void)t;
    }
    return 0;
}
