// expect-verdict: race-free
// Twin of fold_back.cu whose program sub/back_ok_main.cpp compiles
// ../back_ok_run.cpp with 128 threads (256 on its own): no two threads
// share a slot of s.

__global__ void fold_back_ok(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
