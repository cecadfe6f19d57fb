// expect-verdict: race-free
// splitcomment_main.cpp defines WG_SC 128 and includes this file with a
// block comment over two lines inside the directive (one directive line
// after translation phase 3): 128 threads, each its own s element (alone, 512).
#ifndef WG_SC
#define WG_SC 512
#endif

__global__ void splitcomment_scale(float *d) {
    __shared__ float s[128];
    s[threadIdx.x % 128] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 128];
}

void run_splitcomment_scale(float *d) { splitcomment_scale<<<1, WG_SC>>>(d); }
