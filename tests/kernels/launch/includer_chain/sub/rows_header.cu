// expect-verdict: racy
// sub/rows_launch.h includes this file and launches its kernel with WG
// threads (256 by default); ../rows_main_a.cpp includes that header with
// WG 128 and ../rows_main_b.cpp with WG 512: threads 0 and 256 write s[0].

__global__ void rows_header(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
