// expect-verdict: racy
//--blockDim=128 --gridDim=8
// Twins of masked_bins.cu: a column without its high bit field (threads
// t and t + 64 share it), and rows of 64 bytes for 128 columns.

__global__ void high_field_missing(unsigned int *out, const unsigned int *in, int n) {
    const int col = threadIdx.x & 63;
    __shared__ unsigned char bins[128 * 64];
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        unsigned int v = in[blockIdx.x * n + i];
        bins[col + 128 * ((v >> 2) & 63)]++; //~ race
    }
}

__global__ void short_rows(unsigned int *out, const unsigned int *in, int n) {
    const int col = threadIdx.x;
    __shared__ unsigned char bins[128 * 64];
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        unsigned int v = in[blockIdx.x * n + i];
        bins[col + 64 * ((v >> 2) & 63)]++; //~ race
    }
}
