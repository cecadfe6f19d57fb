// expect-verdict: racy
// mains_run.cpp includes this file and launches its kernel with WG threads
// (256 by default); mains_a.cpp includes mains_run.cpp with WG 64 and
// mains_b.cpp with WG 512 (threads 0 and 256 write s[0]); neither program
// names the kernel.

__global__ void mains_scan(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
