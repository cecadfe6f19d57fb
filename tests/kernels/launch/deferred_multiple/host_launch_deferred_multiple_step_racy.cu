// expect-verdict: racy
// The twin of host_launch_deferred_multiple_guard.cu whose host loop adds 3:
// `k` = 2, 5, ...: at `k` = 5 every thread stores to a[0].

#include <cuda_runtime.h>

__global__ void odd_guard(int *a, int n, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i] = k; //~ race write-write
    }
    if (k % 2 == 1) {
        a[0] = i; //~ race write-write
    }
}

int main() {
    int *a;
    cudaMalloc(&a, 256 * sizeof(int));
    for (int k = 2; k <= 256; k += 3) {
        odd_guard<<<1, 256>>>(a, 256, k);
    }
    return 0;
}
