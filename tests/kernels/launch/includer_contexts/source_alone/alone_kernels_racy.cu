// expect-verdict: racy
// Included by alone_scan_racy.cpp (WG 512 by default), which
// alone_main_racy.cpp includes under WG 128. With 128 threads s[t % 256] is
// each thread's own element; but alone_scan_racy.cpp is a source file and a
// program of its own, where 512 threads run and threads t and t + 256 write
// s[t]. Checked only under the outer chain, the race was missed.
__global__ void scan_tile_racy(float *d)
{
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256] + 1.0f;
}
