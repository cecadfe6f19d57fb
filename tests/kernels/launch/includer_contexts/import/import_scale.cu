// expect-verdict: race-free
// import_main.cpp defines WG_IM 128 and reads this file with GCC's
// `#import` (an include read once): 128 threads (alone, 512).
#ifndef WG_IM
#define WG_IM 512
#endif

__global__ void import_scale(float *d) {
    __shared__ float s[128];
    s[threadIdx.x % 128] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 128];
}

void run_import_scale(float *d) { import_scale<<<1, WG_IM>>>(d); }
