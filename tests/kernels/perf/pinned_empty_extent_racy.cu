// expect-verdict: racy
// Grid-stride loops over a rows x cols x planes volume whose offsets are
// mixed-radix in run-time extents (the extents come from the input, e.g. an
// image file's header, so any of them may be 0). Each races only with an
// empty extent: cols == 0 makes `rows * (cols - 1)` wrap to -rows, and
// rows == 0 sends every id to one element. The witness search that pins
// the sizes tries one extent at 0 (the others at 2) after its usual values.

// The last column of each plane: with cols == 0 every plane's "last
// column" is the same `rows` elements before `a` (which the host below
// passes from a pointer parameter of its own, so `a` may point into an
// allocation, past its start).
__global__ void last_column(float *a, size_t rows, size_t cols, size_t planes) {
    for (size_t id = (size_t)blockIdx.x * blockDim.x + threadIdx.x; id < rows * planes;
         id += blockDim.x * gridDim.x) {
        size_t idx = id % rows + id / rows * (rows * cols) + rows * (cols - 1);
        a[idx] = (float)id; //~ race
    }
}

// The first row of each column: with rows == 0 every id is element 0.
__global__ void first_row(float *out, const float *in, size_t rows, size_t cols, size_t planes) {
    for (size_t id = (size_t)blockIdx.x * blockDim.x + threadIdx.x; id < cols * planes;
         id += blockDim.x * gridDim.x) {
        size_t idx = id * rows;
        out[idx] = in[idx]; //~ race
    }
}

// The first column of each plane: with cols == 0 the planes overlap.
__global__ void first_column(float *out, const float *in, size_t rows, size_t cols,
                             size_t planes) {
    for (size_t id = (size_t)blockIdx.x * blockDim.x + threadIdx.x; id < rows * planes;
         id += blockDim.x * gridDim.x) {
        size_t idx = id % rows + id / rows * (rows * cols);
        out[idx] = in[idx]; //~ race
    }
}

// Differences along the columns: with cols == 0, `rows * (cols - 1)` is
// 2^64 - rows, so ids 0 and 2^64 - rows both write `out[0]` when `n` leaves
// room for both (n - rows * planes wraps too).
__global__ void column_difference(float *out, const float *in, size_t n, size_t rows,
                                  size_t cols, size_t planes) {
    for (size_t id = (size_t)blockIdx.x * blockDim.x + threadIdx.x; id < n - rows * planes;
         id += blockDim.x * gridDim.x) {
        size_t idx = id % (rows * (cols - 1)) + id / (rows * (cols - 1)) * (rows * cols);
        out[idx] = in[idx + rows] - in[idx]; //~ race
    }
}

void run(float *d, const float *s, size_t n, size_t rows, size_t cols, size_t planes, int grid,
         int block) {
    last_column<<<grid, block>>>(d, rows, cols, planes);
    first_row<<<grid, block>>>(d, s, rows, cols, planes);
    first_column<<<grid, block>>>(d, s, rows, cols, planes);
    column_difference<<<grid, block>>>(d, s, n, rows, cols, planes);
}
