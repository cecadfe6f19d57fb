// expect-verdict: racy
//--blockDim=32 --gridDim=1
// What linking two counters of one loop must still report. The first half
// of the block reads rows of a 16-column tile through `off`, the second half
// writes rows 8..15: one row too many (`i <= 8` reaches row 8); a row
// counter that lags behind the offset (its update is skipped by a
// `continue`, so it no longer counts the iterations, and `off` passes row
// 7); a row stride the host does not fix (`md` may be 1, and the rows
// overlap); an offset updated twice per iteration (no counter: it reaches
// row 9 at i = 6).

__global__ void one_row_too_many(float *m, float *out) {
    int i, off;
    if (threadIdx.x < 16) {
        off = 0;
        for (i = 0; i <= 8; i++) {
            out[threadIdx.x] = m[off + threadIdx.x]; //~ race read-write
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

__global__ void lagging_row(float *m, float *out, int skip) {
    int off;
    if (threadIdx.x < 16) {
        off = 0;
        for (int i = 0; i < 8;) {
            out[threadIdx.x] = m[off + threadIdx.x]; //~ race read-write
            off += 2048;
            if (i == skip)
                continue;
            i++;
        }
    } else {
        off = 8 * 2048;
        for (int i = 0; i < 8; i++) {
            m[off + threadIdx.x - 16] = 1.0f;
            off += 2048;
        }
    }
}

__global__ void free_stride(float *m, float *out, int md) {
    int off;
    if (threadIdx.x < 16) {
        off = 0;
        for (int i = 0; i < 8; i++) {
            out[threadIdx.x] = m[off + threadIdx.x]; //~ race read-write
            off += md;
        }
    } else {
        off = 8 * md;
        for (int i = 0; i < 8; i++) {
            m[off + threadIdx.x - 16] = 1.0f; //~ benign-race
            off += md;
        }
    }
}

__global__ void updated_twice(float *m, float *out) {
    int off;
    if (threadIdx.x < 16) {
        off = 0;
        for (int i = 0; i < 8; i++) {
            out[threadIdx.x] = m[off + threadIdx.x]; //~ race read-write
            off += 1024;
            off += 1024 + 2048 * (i & 1);
        }
    } else {
        off = 8 * 2048;
        for (int i = 0; i < 8; i++) {
            m[off + threadIdx.x - 16] = 1.0f;
            off += 2048;
        }
    }
}

int main(int argc, char **argv) {
    float *m, *out;
    cudaMalloc((void **)&m, 2048 * 2048 * sizeof(float));
    cudaMalloc((void **)&out, 32 * sizeof(float));
    one_row_too_many<<<1, 32>>>(m, out);
    lagging_row<<<1, 32>>>(m, out, argc);
    free_stride<<<1, 32>>>(m, out, argc);
    updated_twice<<<1, 32>>>(m, out);
    return 0;
}
