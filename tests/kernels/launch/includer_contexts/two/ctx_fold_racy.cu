// expect-verdict: racy
// Compiled by ctx_fold_racy_a.cpp with M 256 (race-free) and by
// ctx_fold_racy_b.cpp with M 128: there threads 0 and 128 write s[0]. The
// file is checked under each program's macros.
#ifndef M
#define M 256
#endif

__global__ void ctx_fold_racy(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % M] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % M];
}

static void run_fold_racy(float *d) { ctx_fold_racy<<<1, 256>>>(d); }
