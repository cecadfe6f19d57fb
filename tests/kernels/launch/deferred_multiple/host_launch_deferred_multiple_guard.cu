// expect-verdict: race-free
// The host passes `k` = 2, 4, 8, ... (a doubling loop from 2), so `k` is a
// multiple of 2 in every launch and the odd-`k` store never runs. No offset
// reads `k`: the race query is first asked without the deferred fact
// `k a multiple of 2` (satisfiable: k = 1), then again with it (unsat).

#include <cuda_runtime.h>

__global__ void odd_guard(int *a, int n, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i] = k;
    }
    if (k % 2 == 1) {
        a[0] = i;
    }
}

int main() {
    int *a;
    cudaMalloc(&a, 256 * sizeof(int));
    for (int k = 2; k <= 256; k <<= 1) {
        odd_guard<<<1, 256>>>(a, 256, k);
    }
    return 0;
}
