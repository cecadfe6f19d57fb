// expect-verdict: racy
// The host builds `offsets` as a running sum of positive lengths (`h_offsets[0] = 0`, then `h_offsets[i] = h_offsets[i - 1] + rand()`) and copies it whole before the launch over `segments` blocks: the launch states `offsets[i] <= offsets[j] for 0 <= i <= j < gridDim.x + 1 when 0 + (gridDim.x + 1 - 1) * 64 <= 2147483647` (no partial sum wraps, which the index-fits assumption `gridDim.x * blockDim.x < 2^31` gives here) (syntax/launches/contents.rs), so block b's segment [offsets[b], offsets[b + 1]) lies below block b + 1's and no two blocks meet (HeCBench dense-embedding's `offset`, there with a step the scan does not prove non-negative).
// One block per segment of a CSR-like layout; its threads stride over the
// segment.
#include <cstdlib>

__global__ void add_per_segment(const float *__restrict__ in, float *out,
                                const int *__restrict__ offsets, const float *__restrict__ bias) {
    int seg = blockIdx.x;
    int start = offsets[seg];
    int len = offsets[seg + 1] - start;
    for (int i = threadIdx.x; i < len; i += blockDim.x)
        out[start + i] = in[start + i] + bias[seg]; //~ race
}

int main(int argc, char **argv) {
    int segments = atoi(argv[1]);
    int *h_offsets = (int *)malloc((segments + 1) * sizeof(int));
    h_offsets[0] = 0;
    for (int i = 1; i <= segments; i++)
        h_offsets[i] = h_offsets[i - 1] + rand();
    int total = h_offsets[segments];
    float *d_in, *d_out, *d_bias;
    int *d_offsets;
    cudaMalloc(&d_in, total * sizeof(float));
    cudaMalloc(&d_out, total * sizeof(float));
    cudaMalloc(&d_bias, segments * sizeof(float));
    cudaMalloc(&d_offsets, (segments + 1) * sizeof(int));
    cudaMemcpy(d_offsets, h_offsets, (segments + 1) * sizeof(int), cudaMemcpyHostToDevice);
    add_per_segment<<<segments, 128>>>(d_in, d_out, d_offsets, d_bias);
    cudaDeviceSynchronize();
    return 0;
}
