// expect-verdict: racy
// splitcomment_main.cpp defines WG_SCR 256 and includes this file with a
// block comment over two lines inside the directive: threads 0 and 128
// write s[0] (alone, 128 threads: race-free).
#ifndef WG_SCR
#define WG_SCR 128
#endif

__global__ void splitcomment_scale_racy(float *d) {
    __shared__ float s[128];
    s[threadIdx.x % 128] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 128];
}

void run_splitcomment_scale_racy(float *d) { splitcomment_scale_racy<<<1, WG_SCR>>>(d); }
