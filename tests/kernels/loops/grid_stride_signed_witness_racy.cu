// expect-verdict: racy
// Thread `id` reads c[3*id + 4].y, which thread `id + 1` writes. Signed
// arithmetic does not overflow (undefined behaviour), so the witness's
// `j = 3*id + 1` fits an `int` and replays with `int` arithmetic.

__global__ void shift_y(int2 *c, int n) {
    for (int id = blockIdx.x * blockDim.x + threadIdx.x; id < n; id += blockDim.x * gridDim.x) {
        int j = 3 * id + 1;
        c[j].y = c[j + 3].y; //~ race write-read
    }
}
