// expect-verdict: racy
// A kernel launched here once (a warm-up with w = 64, under which it is
// race-free) and from main.cpp next to it with w = 32: the other file's
// launch is an execution too, so w is not bound to 64.

__global__ void shifted(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void warm_up(int *d) { shifted<<<1, 64>>>(d, 64); }
