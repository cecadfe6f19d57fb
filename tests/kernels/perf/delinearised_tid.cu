// expect-verdict: race-free
// A global thread id split into row and column by a 64-bit run-time row
// length, then linearised again: `i = tid / ny`, `j = tid % ny`,
// `a[i * ny + j]`. The quotient's bounds (0 <= tid / ny <= tid) keep the
// conversion to `int` exact, and the row-major lemma gives equal rows and
// columns, so equal ids.

__global__ void flip(signed char *a, long long nx, long long ny) {
    long long tid = (long long)blockDim.x * blockIdx.x + threadIdx.x;
    int i = tid / ny;
    int j = tid % ny;
    if (i >= nx || j >= ny) return;
    a[i * ny + j] = -a[i * ny + j];
}
