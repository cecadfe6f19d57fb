// expect-verdict: racy
// Wrappers whose calls do not fix the size: two calls with different
// lengths, a call through a function pointer, and a wrapper another file of
// the folder (wrapper_caller.cpp) calls with its own length. The size stays
// unknown, and with n beyond the column length a thread of column `a`
// writes into column `b`.
#define COLUMN_LENGTH 1024

struct Columns {
    unsigned int a[COLUMN_LENGTH];
    unsigned int b[COLUMN_LENGTH];
};

__global__ void add_columns_twice(Columns *dst, unsigned int n) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        dst->a[tid] += tid; //~ race
        dst->b[tid] += 2 * tid; //~ race
    }
}

void launch_columns_twice(Columns *d, const unsigned int n) {
    add_columns_twice<<<(n + 127) / 128, 128>>>(d, n);
}

__global__ void add_columns_pointer(Columns *dst, unsigned int n) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        dst->a[tid] += tid; //~ race
        dst->b[tid] += 2 * tid; //~ race
    }
}

void launch_columns_pointer(Columns *d, const unsigned int n) {
    add_columns_pointer<<<(n + 127) / 128, 128>>>(d, n);
}

__global__ void add_columns_elsewhere(Columns *dst, unsigned int n) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        dst->a[tid] += tid; //~ race
        dst->b[tid] += 2 * tid; //~ race
    }
}

void launch_columns_elsewhere(Columns *d, const unsigned int n) {
    add_columns_elsewhere<<<(n + 127) / 128, 128>>>(d, n);
}

int main() {
    Columns *d;
    cudaMalloc(&d, 2 * sizeof(Columns));
    launch_columns_twice(d, COLUMN_LENGTH);
    launch_columns_twice(d, 2 * COLUMN_LENGTH);
    void (*run)(Columns *, const unsigned int) = launch_columns_pointer;
    launch_columns_pointer(d, COLUMN_LENGTH);
    run(d, 4 * COLUMN_LENGTH);
    launch_columns_elsewhere(d, COLUMN_LENGTH);
    return 0;
}
