// expect-verdict: racy
// As row_base_pointer.cu, but the pointer is moved back to the start of
// `out` for a second store: rows other than 0 write their first store
// where row 0 writes its second.
__global__ void per_row_moved_back(unsigned n, float *__restrict__ out) {
    float *row = out + n * blockIdx.y;
    int col = threadIdx.x + blockIdx.x * blockDim.x;
    if (col < n)
        row[col] = 1.0f; //~ race
    row = out;
    if (col < n)
        row[col] = (float)blockIdx.y; //~ race
}

int main(int argc, char **argv) {
    unsigned n = (unsigned)argc * 1000;
    float *out = 0;
    per_row_moved_back<<<dim3((n + 127) / 128, 64), 128>>>(n, out);
    return 0;
}
