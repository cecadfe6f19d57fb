// expect-verdict: race-free
//--blockDim=32 --gridDim=1
// Two counters of one loop: `i` counts the rows and `off` walks them by a
// row stride (a tile's rows read from a row-major matrix, as in LU
// decomposition kernels). The first half of the block reads rows 0..7, the
// second half writes rows 8..15 of a 16-column tile. Each counter alone only
// says `off = k * md` for some k; both are updated once per iteration, so
// their iteration counts are the same and `i < 8` bounds `off` to rows 0..7.

__global__ void rows_by_offset(float *m, float *out, int md) {
    int i, off;
    if (threadIdx.x < 16) {
        off = 0;
        for (i = 0; i < 8; i++) {
            out[threadIdx.x] = m[off + threadIdx.x];
            off += 2048;
        }
    } else {
        off = 8 * 2048;
        for (i = 0; i < 8; i++) {
            m[off + threadIdx.x - 16] = 1.0f;
            off += 2048;
        }
    }
}

// The step is a parameter that the host passes as 2048; the counter in the
// body (no `continue`) counts the same as the one of the step.
__global__ void rows_by_parameter(float *m, float *out, int md) {
    int off;
    if (threadIdx.x < 16) {
        off = 0;
        for (int i = 0; i < 8; i++) {
            out[threadIdx.x] = m[off + threadIdx.x];
            off += md;
        }
    } else {
        off = 8 * md;
        for (int i = 8; i < 16; i++) {
            m[off + threadIdx.x - 16] = 1.0f;
            off += md;
        }
    }
}

int main() {
    float *m;
    float *out;
    cudaMalloc((void **)&m, 2048 * 2048 * sizeof(float));
    cudaMalloc((void **)&out, 32 * sizeof(float));
    rows_by_offset<<<1, 32>>>(m, out, 2048);
    rows_by_parameter<<<1, 32>>>(m, out, 2048);
    return 0;
}
