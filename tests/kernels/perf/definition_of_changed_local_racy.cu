// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A local defined once from a value that changes later (`q = k * 2` before
// `k += ks[tid]`) holds the value at its definition: the offset
// `tx + 100 + q - 2 * k` does not cancel to `tx + 100`. With n = 0,
// ks[0] = 0 and ks[2] = 1, threads 0 and 2 both write a[100]. The same with
// a subterm (`k >> 1`) the delinearisation keeps as an atom. (Soundness
// review of session 13.)

__global__ void opaque_cancel(int *a, const int *ks, int n) {
    int k = 0;
    for (int i = 0; i < n; i++) k += ks[i];
    int q = k * 2;
    k += ks[threadIdx.x];
    int tx = threadIdx.x;
    a[tx + 100 + q - 2 * k] = threadIdx.x; //~ race write-write
}

__global__ void term_cancel(int *a, const int *ks, int n) {
    int k = 0;
    for (int i = 0; i < n; i++) k += ks[i];
    int q = k >> 1;
    k += ks[threadIdx.x];
    int tx = threadIdx.x;
    a[tx + 100 + q - (k >> 1)] = threadIdx.x; //~ race write-write
}
