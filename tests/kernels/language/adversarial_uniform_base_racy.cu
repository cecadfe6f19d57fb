// expect-verdict: racy
//--blockDim=64 --gridDim=1 --adversarial-abstraction
// Under the adversarial abstraction two reads of one address may return
// different values, so `base` may differ between threads and
// `s[base + threadIdx.x]` is not injective in the thread id.

__global__ void shifted(int *idx, int *out) {
    __shared__ int s[1024];
    int base = idx[0];
    s[base + threadIdx.x] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
