// expect-verdict: race-free
// ../cousin_run.cpp includes this file and launches it with WG / 2 threads;
// ../other/cousin_main.cpp defines WG 512 and includes ../cousin_run.cpp:
// 256 threads, each writing its own s element.
__global__ void cousin_scale(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
