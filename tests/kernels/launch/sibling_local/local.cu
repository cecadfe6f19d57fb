// expect-verdict: race-free
// A kernel with internal linkage, launched here with w = 64 only: race-free.
// (external.cu defines another kernel of the same name.)

namespace {
__global__ void shifted(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1;
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
} // namespace

void run(int *d) { shifted<<<1, 64>>>(d, 64); }
