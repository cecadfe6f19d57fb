// expect-verdict: racy
// ../../app/far_main.cpp defines WG_FARR 256 and includes this file:
// threads 0 and 128 write s[0] (alone, 128 threads: race-free). The includer
// is neither in this folder nor in its parent.
#ifndef WG_FARR
#define WG_FARR 128
#endif

__global__ void far_scale_racy(float *d) {
    __shared__ float s[128];
    s[threadIdx.x % 128] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 128];
}

void run_far_scale_racy(float *d) { far_scale_racy<<<1, WG_FARR>>>(d); }
