// expect-verdict: racy
// The step `1000000 + 7 % 5` is 1000000 + (7 % 5) = 1000002 (`%` binds tighter than `+`; bounded by 1000000 + 4), not (1000000 + 7) % 5 <= 4 as a left-to-right fold read it (review of db33a9e): with 5000 segments the running sum wraps past INT_MAX at i = 2148 and climbs past 0 again, so two blocks' segments overlap. The order is stated only for prefixes with 0 + (len - 1) * 1000004 <= INT_MAX, which the grid does not give.
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
        h_offsets[i] = h_offsets[i - 1] + 1000000 + 7 % 5;
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
