// expect-verdict(scatter_rows): racy
// A near miss of identity_rows.cu: the copy runs only with a fourth
// command-line argument; without it `d_rows` holds whatever the allocation
// held, and two operations may name one row: a real race.
#include <cstdlib>

__global__ void scatter_rows(const float *__restrict__ in, float *out,
                             const int *__restrict__ rows, int num_ops, int cols) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    // Sizes the host may read as negative: no operation then.
    if (num_ops <= 0 || cols <= 0 || idx >= num_ops * cols) return;
    int op = idx / cols;
    int col = idx % cols;
    int row = rows[op];
    out[row * cols + col] += in[op * cols + col]; //~ race
}

int main(int argc, char **argv) {
    int num_ops = atoi(argv[1]);
    int cols = atoi(argv[2]);
    int *h_rows = (int *)malloc(num_ops * sizeof(int));
    for (int i = 0; i < num_ops; i++)
        h_rows[i] = i;
    float *d_in, *d_out;
    int *d_rows;
    cudaMalloc(&d_in, num_ops * cols * sizeof(float));
    cudaMalloc(&d_out, num_ops * cols * sizeof(float));
    cudaMalloc(&d_rows, num_ops * sizeof(int));
    if (argc > 3)
        cudaMemcpy(d_rows, h_rows, num_ops * sizeof(int), cudaMemcpyHostToDevice);
    scatter_rows<<<(num_ops * cols + 255) / 256, 256>>>(d_in, d_out, d_rows, num_ops, cols);
    cudaDeviceSynchronize();
    return 0;
}
