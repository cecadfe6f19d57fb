// expect-verdict: racy
// As strided_rows_signed.cu with rows of three slots but slot 3 written:
// slot 3 of row q is slot 0 of row q + 1 (ids id and id + h collide).

__global__ void save_slots_overlapping(float *store, int h, int total) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < total) {
        int offset = (id / h) * 3 * h + id % h;
        store[offset + 0 * h] = 1.0f; //~ race write-write
        store[offset + 3 * h] = 2.0f;
    }
}
