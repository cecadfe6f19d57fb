// expect-verdict: race-free
// ../../app/far_main.cpp, two folders up and across, defines WG_FAR 128 and
// includes this file: 128 threads (alone, 512). The project root is above
// this folder's parent.
#ifndef WG_FAR
#define WG_FAR 512
#endif

__global__ void far_scale(float *d) {
    __shared__ float s[128];
    s[threadIdx.x % 128] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 128];
}

void run_far_scale(float *d) { far_scale<<<1, WG_FAR>>>(d); }
