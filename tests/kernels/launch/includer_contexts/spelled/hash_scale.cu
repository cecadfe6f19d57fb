// expect-verdict: race-free
// hash_main.cpp defines WG 128 and includes this file as
// `# /* the kernels */ include "hash_scale.cu"`: its macros apply, so the
// launch runs 128 threads, each with its own s element (alone, 512).
#ifndef WG
#define WG 512
#endif

__global__ void hash_scale(float *d) {
    __shared__ float s[128];
    s[threadIdx.x % 128] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 128];
}

void run_hash(float *d) { hash_scale<<<1, WG>>>(d); }
