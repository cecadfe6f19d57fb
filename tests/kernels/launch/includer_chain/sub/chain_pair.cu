// expect-verdict: racy
// The kernel file is included by ../pair_run.cpp (256 threads on its own),
// which two programs of the parent folder include: ../pair_narrow_main.cpp
// with WG 128 and ../pair_wide_main.cpp with WG 512, whose threads 0 and
// 256 both write s[0]. Neither program names the kernel.

__global__ void chain_pair(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
