// expect-verdict: race-free
// chain_main.cpp defines M 256 and includes chain_wrap.h, which includes
// this file: s[t % 256] with 256 threads is each thread's own element.
#ifndef M
#define M 128
#endif

__global__ void chain_fold(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % M] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % M];
}

void run_chain_fold(float *d) { chain_fold<<<1, 256>>>(d); }
