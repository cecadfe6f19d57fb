// expect-verdict: race-free
// Integer division and remainder by zero are undefined behaviour: a row
// length `ny` of 0 is not an execution to consider. With `ny != 0` every
// thread gets its own (i, j) and writes its own element; with `ny == 0` the
// remainder would be arbitrary and two threads could meet.

__global__ void flip(signed char *lattice, const long long nx, const long long ny) {
    const long long tid = (long long)blockDim.x * blockIdx.x + threadIdx.x;
    const int i = tid / ny;
    const int j = tid % ny;
    if (i >= nx || j >= ny) return;
    lattice[i * ny + j] = -lattice[i * ny + j];
}
