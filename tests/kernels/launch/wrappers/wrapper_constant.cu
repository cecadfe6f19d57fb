// expect-verdict: race-free
// The launch's size is a parameter of the host wrapper `launch_columns`,
// and every call of the wrapper passes the same constant (COLUMN_LENGTH):
// `n` is 1024 at the launch, so `tid < n` keeps every index inside its
// column of the struct of arrays.
#define COLUMN_LENGTH 1024

struct Columns {
    unsigned int a[COLUMN_LENGTH];
    unsigned int b[COLUMN_LENGTH];
};

__global__ void add_columns(Columns *dst, unsigned int n) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        dst->a[tid] += tid;
        dst->b[tid] += 2 * tid;
    }
}

void launch_columns(Columns *d, const unsigned int n);

void launch_columns(Columns *d, const unsigned int n) {
    const unsigned int threads = 128;
    add_columns<<<(n + threads - 1) / threads, threads>>>(d, n);
}

int main() {
    Columns *d;
    cudaMalloc(&d, sizeof(Columns));
    launch_columns(d, COLUMN_LENGTH);
    launch_columns(d, COLUMN_LENGTH);
    return 0;
}
