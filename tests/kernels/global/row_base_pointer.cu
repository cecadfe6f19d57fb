// expect-verdict: race-free
// Each grid row `blockIdx.y` owns `n` elements of `out`: the pointer moves
// to its row by a second assignment (`out += n * blockIdx.y`, unsigned
// index arithmetic) and the threads of the row's x extent write the
// elements below `n`. The division theorem decides the pairs without the
// solver (row and column of `n * row + col` with `col < n`).
__global__ void per_row(unsigned n, float *__restrict__ out,
                        const unsigned *__restrict__ in) {
    in += 32 * blockIdx.y;
    out += n * blockIdx.y;
    int col = threadIdx.x + blockIdx.x * blockDim.x;
    if (col < n)
        out[col] = (float)in[threadIdx.x % 32];
}

int main(int argc, char **argv) {
    unsigned n = (unsigned)argc * 1000;
    float *out = 0;
    unsigned *in = 0;
    per_row<<<dim3((n + 127) / 128, 64), 128>>>(n, out, in);
    return 0;
}
