// expect-verdict: racy
// macro_main.cpp defines WG as 512 and includes this file through a macro
// (`#include SCALE_FILE`), which the host pass does not read: its launch is
// unknown: 512 threads make threads 0 and 256 write s[0], and blocks
// beyond the first write d[0..] again.
#ifndef WG
#define WG 256
#endif

__global__ void macro_scale(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write, race read-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256]; //~ race write-write
}

void run_macro(float *d) { macro_scale<<<1, WG>>>(d); }
