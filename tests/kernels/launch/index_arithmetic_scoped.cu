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

// Row bounds read under a branch on a parameter (`rid < nrows`, whose
// `blockDim.y * blockIdx.x` has the assumption), each lane storing its own
// shared slot in the row loop: the reads' addresses do not tie the slot
// queries to the branch (index_arithmetic_scoped_racy.cu
// `race_through_guarded_wrapped_read`: a guarded read whose index wraps).
__global__ void guarded_row_bounds(const int *rowptr, const float *val, float *out, int nrows) {
    __shared__ float sh[128];
    int rid = blockDim.y * blockIdx.x + threadIdx.y;
    if (rid < nrows) {
        int lb = rowptr[rid];
        int hb = rowptr[rid + 1];
        int ptr = lb + threadIdx.x;
        float acc = 0;
        for (int jj = lb; jj < hb; jj += 32) {
            if (ptr < hb)
                sh[(threadIdx.y << 5) + threadIdx.x] = val[ptr];
            __syncwarp();
            ptr += 32;
            for (int kk = 0; kk < 32 && jj + kk < hb; kk++)
                acc += sh[(threadIdx.y << 5) + kk];
            __syncwarp();
        }
        out[rid * 32 + threadIdx.x] = acc;
    }
}

void rows3(const int *rowptr, const float *val, float *out, int nrows) {
    guarded_row_bounds<<<dim3((nrows + 3) / 4, 1), dim3(32, 4)>>>(rowptr, val, out, nrows);
}

// Two reads of one wrapping address (`blockIdx.x * n`) read one value: their
// address keys have the same definition, so they are one constant, and
// block 2 never stores (index_arithmetic_scoped_racy.cu
// `race_through_two_keys`: two addresses, two values).
__global__ void one_key_twice(const int *__restrict__ in, int *c, unsigned n) {
    int a = in[blockIdx.x * n];
    int b = in[blockIdx.x * n];
    if (threadIdx.x == 0 && (blockIdx.x != 2 || a != b))
        c[blockIdx.x == 2 ? 1 : 1 + blockIdx.x] = blockIdx.x;
}

void one_key(const int *in, int *c) { one_key_twice<<<3, 32>>>(in, c, 0x80000000u); }
