// expect-verdict: race-free
// index_arithmetic_scoped_racy.cu's kernels without their races: the
// index-arithmetic assumption still decides the accesses whose index it
// concerns (rows `blockIdx.x * n` apart, n not below the block), now as a
// premise of those accesses' own queries (the exact index of a sum with a
// signed term: index_arithmetic_signed_row.cu).

__global__ void rows_then_own_slot(int *a, int *b, unsigned n) {
    if (threadIdx.x == 0)
        b[blockIdx.x] = blockIdx.x;
    if (n >= blockDim.x)
        a[blockIdx.x * n + threadIdx.x] = 0;
}

void rows(int *a, int *b, unsigned n) { rows_then_own_slot<<<3, 32>>>(a, b, n); }

__global__ void own_slot_then_rows(int *a, int *b, unsigned n) {
    if (n >= blockDim.x)
        a[blockIdx.x * n + threadIdx.x] = 0;
    if (threadIdx.x == 0)
        b[blockIdx.x] = blockIdx.x;
}

void rows2(int *a, int *b, unsigned n) { own_slot_then_rows<<<3, 32>>>(a, b, n); }
