// expect-verdict: race-free
// Included by alone_scan.cpp (WG 512 by default), which alone_main.cpp
// includes under WG 128. alone_scan.cpp is a source file, so it is also a
// program of its own: the kernel is checked with 512 threads and with 128,
// and s[t % 512] is each thread's own element under both.
__global__ void scan_tile(float *d)
{
    __shared__ float s[512];
    s[threadIdx.x % 512] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 512] + 1.0f;
}
