// expect-verdict: racy
// chain_main.cpp defines N 128 and includes chain_wrap.h, which includes
// this file: threads 0 and 128 write s[0] (alone, N is 256).
#ifndef N
#define N 256
#endif

__global__ void chain_fold_racy(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % N] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % N];
}

void run_chain_fold_racy(float *d) { chain_fold_racy<<<1, 256>>>(d); }
