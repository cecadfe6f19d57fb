// expect-verdict: racy
// spelled_main.cpp defines WG as 512 and includes this file as
// `#include /* the kernels */ "spelled_scale.cu"` (a comment is a blank
// to the preprocessor): its macros apply, so the launch runs one block of
// 512 threads, and threads 0 and 256 write s[0].
#ifndef WG
#define WG 256
#endif

__global__ void spelled_scale(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}

void run_spelled(float *d) { spelled_scale<<<1, WG>>>(d); }
