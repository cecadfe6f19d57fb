// expect-verdict: racy
// As host_launch_through_variable.cu, but each kernel may also run with a
// block wider than its row: the variable is passed to a function the
// scanner cannot see (which may launch it), or is assigned another kernel
// (both kernels keep a launch with unknown sizes: the assignment is a use
// the scanner does not follow), or the block launched through it is twice
// the row.
template <int W>
__global__ void add_row_passed(float *a) {
    a[blockIdx.x * W + threadIdx.x] += 1.0f; //~ race read-write, race write-write
}

template <int W>
__global__ void add_row_replaced(float *a) {
    a[blockIdx.x * W + threadIdx.x] += 1.0f; //~ race read-write, race write-write
}

template <int W>
__global__ void add_row_replacing(float *a) {
    a[blockIdx.x * W + threadIdx.x] += 1.0f; //~ race read-write, race write-write
}

template <int W>
__global__ void add_row_wide(float *a) {
    a[blockIdx.x * W + threadIdx.x] += 1.0f; //~ race read-write, race write-write
}

void launch_later(void (*k)(float *));

void run(float *a, int rows) {
    constexpr int width = 128;
    auto add = add_row_passed<width>;
    launch_later(add);
    add<<<rows, width>>>(a);
    auto other = add_row_replaced<width>;
    other<<<rows, width>>>(a);
    other = add_row_replacing<width>;
    other<<<rows, width>>>(a);
    auto wide = add_row_wide<width>;
    wide<<<rows, 2 * width>>>(a);
}
