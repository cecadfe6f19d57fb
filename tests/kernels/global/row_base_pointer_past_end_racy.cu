// expect-verdict: racy
// As row_base_pointer.cu, but the guard lets `col == n` through: the last
// column of row `y` is the first element of row `y + 1`.
__global__ void per_row_past_end(unsigned n, float *__restrict__ out,
                                 const unsigned *__restrict__ in) {
    in += 32 * blockIdx.y;
    out += n * blockIdx.y;
    int col = threadIdx.x + blockIdx.x * blockDim.x;
    if (col <= n)
        out[col] = (float)in[threadIdx.x % 32]; //~ race
}

int main(int argc, char **argv) {
    unsigned n = (unsigned)argc * 1000;
    float *out = 0;
    unsigned *in = 0;
    per_row_past_end<<<dim3((n + 127) / 128, 64), 128>>>(n, out, in);
    return 0;
}
