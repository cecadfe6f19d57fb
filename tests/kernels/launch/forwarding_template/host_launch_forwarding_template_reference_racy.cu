// expect-verdict: racy
// The twin of host_launch_forwarding_template.cu whose wrapper also takes a
// counter by reference, which the caller binds to the block size itself:
// the template passes the same object to every call, so its second call
// launches 32 + 16 = 48 threads, a block ending mid-warp.

#include <cuda_runtime.h>
#include <utility>

__global__ void warp_rows_ref(float *out, const float *inp, int N, int C) {
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

void run_rows_ref(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows_ref<<<grid, block_size>>>(out, inp, N, C);
}

void dispatch_ref(int which, float *out, const float *inp, int N, int C, const int warp_size,
              const int block_size, int &launched) {
    switch (which) {
    case 1:
        run_rows_ref(out, inp, N, C, warp_size, block_size);
        launched += 16;
        break;
    default:
        break;
    }
}

template <class Kernel, class... KernelArgs>
float bench_ref(int repeats, Kernel kernel, KernelArgs &&...kernel_args) {
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
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        dispatch_ref(argc, out, inp, 8, 128, warp_size, block_size, block_size);
    }
    for (int j = warp_size; j <= 1024; j = j * 2) {
        int block_size = j;
        float t = bench_ref(10, dispatch_ref, argc, out, inp, 8, 128, warp_size, block_size, block_size);
        (void)t;
    }
    return 0;
}
