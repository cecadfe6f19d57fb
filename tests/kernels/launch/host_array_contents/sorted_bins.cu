// expect-verdict: race-free
// The host builds `starts` as a running sum of lengths in [0, 8) (`h_starts[i] = h_starts[i - 1] + rand() % 8` for 1 <= i < num_bins) and copies it whole before the launch that passes `num_bins`: the launch states `starts[i] <= starts[j] for 0 <= i <= j < num_bins when 0 + (num_bins - 1) * 7 <= 2147483647` (no partial sum wraps; the kernel refuses more than 2^24 bins, so it holds), so the bins [starts[b], starts[b + 1]) of different bins never meet, whichever block and iteration handles them (the prefix is named by the `int` argument here, not by the grid).
// Blocks stride over bins; the threads of a block stride over its bin.
#include <cstdlib>

__global__ void label_bins(int *labels, const int *__restrict__ starts, int num_bins) {
    // Past 2^24 bins the host's running sum could wrap: refused.
    if (num_bins > (1 << 24))
        return;
    for (int b = blockIdx.x; b + 1 < num_bins; b += gridDim.x) {
        int begin = starts[b];
        int end = starts[b + 1];
        for (int i = threadIdx.x; begin + i < end; i += blockDim.x)
            labels[begin + i] = b;
    }
}

int main(int argc, char **argv) {
    int num_bins = atoi(argv[1]);
    int *h_starts = (int *)malloc(num_bins * sizeof(int));
    h_starts[0] = 0;
    for (int i = 1; i < num_bins; i++) {
        h_starts[i] = h_starts[i - 1] + rand() % 8;
    }
    int *d_labels;
    int *d_starts;
    cudaMalloc(&d_labels, 8 * num_bins * sizeof(int));
    cudaMalloc(&d_starts, num_bins * sizeof(int));
    cudaMemcpy(d_starts, h_starts, num_bins * sizeof(int), cudaMemcpyHostToDevice);
    label_bins<<<64, 128>>>(d_labels, d_starts, num_bins);
    cudaDeviceSynchronize();
    cudaFree(d_starts);
    cudaFree(d_labels);
    free(h_starts);
    return 0;
}
