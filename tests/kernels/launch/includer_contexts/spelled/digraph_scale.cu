// expect-verdict: racy
// digraph_main.cpp defines WG 512 and includes this file as
// `%:include "digraph_scale.cu"` (the digraph of `#`): its macros apply, so
// the launch runs 512 threads and threads 0 and 256 write s[0].
#ifndef WG
#define WG 256
#endif

__global__ void digraph_scale(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}

void run_digraph(float *d) { digraph_scale<<<1, WG>>>(d); }
