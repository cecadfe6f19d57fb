// expect-verdict: racy
// spelled_main.cpp defines WG as 512 and includes this file as
// `#include /* the kernels */ "spelled_scale.cu"`, a spelling the launch
// search does not read: its launch is unknown (512 threads make threads 0
// and 256 write s[0], and blocks beyond the first write d[0..] again).
#ifndef WG
#define WG 256
#endif

__global__ void spelled_scale(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write, race read-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256]; //~ race write-write
}

void run_spelled(float *d) { spelled_scale<<<1, WG>>>(d); }
