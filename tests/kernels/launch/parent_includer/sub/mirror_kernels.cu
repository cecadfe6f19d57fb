// expect-verdict: race-free
// Twin of wide_kernels.cu whose parent-folder includer ../mirror.cpp
// launches 256 threads too, as sub/mirror_narrow.cpp does: every thread
// has its own slot.

__global__ void mirror_narrow(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
