// expect-verdict: racy
// import_main.cpp defines WG_IMR 256 and reads this file with `#import`:
// threads 0 and 128 write s[0] (alone, 128 threads: race-free).
#ifndef WG_IMR
#define WG_IMR 128
#endif

__global__ void import_scale_racy(float *d) {
    __shared__ float s[128];
    s[threadIdx.x % 128] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 128];
}

void run_import_scale_racy(float *d) { import_scale_racy<<<1, WG_IMR>>>(d); }
