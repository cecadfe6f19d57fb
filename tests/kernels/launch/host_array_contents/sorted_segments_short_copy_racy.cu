// expect-verdict: racy
// A near miss of sorted_segments.cu: the copy leaves out the last offset,
// which the last block reads from memory the program never wrote: its
// segment's end is unknown and may reach into the others.
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
        h_offsets[i] = h_offsets[i - 1] + (rand() % 64 + 1);
    int total = h_offsets[segments];
    float *d_in, *d_out, *d_bias;
    int *d_offsets;
    cudaMalloc(&d_in, total * sizeof(float));
    cudaMalloc(&d_out, total * sizeof(float));
    cudaMalloc(&d_bias, segments * sizeof(float));
    cudaMalloc(&d_offsets, segments * sizeof(int));
    cudaMemcpy(d_offsets, h_offsets, segments * sizeof(int), cudaMemcpyHostToDevice);
    add_per_segment<<<segments, 128>>>(d_in, d_out, d_offsets, d_bias);
    cudaDeviceSynchronize();
    return 0;
}
