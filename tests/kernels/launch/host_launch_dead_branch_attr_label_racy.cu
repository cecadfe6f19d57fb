// expect-verdict: racy
// As host_launch_dead_branch_label_racy.cu, with an attribute before the
// label (`[[likely]] w:`, C++20): the `goto` still enters the branch the
// condition never takes, and its 64-thread launch races.
#include <cuda_runtime.h>

__global__ void fold_into_warp(int *a) {
    a[threadIdx.x % 32] = threadIdx.x; //~ race write-write
}

int main(int argc, char **argv) {
    int *d;
    cudaMalloc(&d, 256);
    const int bs = 32;
    if (argc > 1)
        goto wide;
    if (bs == 64) {
        [[likely]] wide: fold_into_warp<<<1, 64>>>(d);
    } else {
        fold_into_warp<<<1, 32>>>(d);
    }
    return 0;
}
