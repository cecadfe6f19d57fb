// expect-verdict: race-free
// Each id owns one column of a row of five slots (`(id / h) * 5 * h +
// id % h`, all `int`). The row length `h` is not known to be positive: the
// row-major lemma takes |h| (with h < 0 the rows are still apart), so the
// solver need not rule out a negative `h` through the non-linear product.

__global__ void save_slots(float *store, int h, int total) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < total) {
        int offset = (id / h) * 5 * h + id % h;
        store[offset + 0 * h] = 1.0f;
        store[offset + 4 * h] = 2.0f;
    }
}
