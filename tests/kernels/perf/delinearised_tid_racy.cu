// expect-verdict: racy
// As delinearised_tid.cu with the column scaled down (`j / 2`): two
// neighbouring ids of one row store the same element.

__global__ void flip_half(signed char *a, long long nx, long long ny) {
    long long tid = (long long)blockDim.x * blockIdx.x + threadIdx.x;
    int i = tid / ny;
    int j = tid % ny;
    if (i >= nx || j >= ny) return;
    a[i * ny + j / 2] = (signed char)tid; //~ race write-write
}
