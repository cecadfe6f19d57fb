// expect-verdict: racy
// A twin of sorted_bins.cu whose bins end one past the next bin's start
// (`begin + i <= end`): with the host's sorted starts, bin b's last element is bin
// b + 1's first, which both write: a real race.
// Blocks stride over bins; the threads of a block stride over its bin.
#include <cstdlib>

__global__ void label_bins(int *labels, const int *__restrict__ starts, int num_bins) {
    // Past 2^24 bins the host's running sum could wrap: refused.
    if (num_bins > (1 << 24))
        return;
    for (int b = blockIdx.x; b + 1 < num_bins; b += gridDim.x) {
        int begin = starts[b];
        int end = starts[b + 1];
        for (int i = threadIdx.x; begin + i <= end; i += blockDim.x)
            labels[begin + i] = b; //~ race
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
