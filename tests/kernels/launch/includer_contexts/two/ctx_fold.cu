// expect-verdict: race-free
// Compiled by ctx_fold_a.cpp with M 256 and by ctx_fold_b.cpp with M 512:
// under either, s[t % M] with 256 threads is each thread's own element.
#ifndef M
#define M 256
#endif

__global__ void ctx_fold(float *d) {
    __shared__ float s[512];
    s[threadIdx.x % M] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % M];
}

static void run_fold(float *d) { ctx_fold<<<1, 256>>>(d); }
