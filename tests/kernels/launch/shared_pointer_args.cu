// expect-verdict: race-free
// Distinct pointer parameters are assumed not to alias (GPUVerify's
// assumption): every launch here passes two different allocations, so `src`
// is read-only in the kernel and both reads of `src[t]` return one value;
// the write to `out[0]` is never reached.
__global__ void copy_twice(const int *src, int *dst, int *out) {
    int t = threadIdx.x;
    int a = src[t];
    dst[t] = a + 1;
    int b = src[t];
    if (b != a) {
        out[0] = t;
    }
}

__global__ void shift(const float *in, float *res, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        res[i] = in[i + 1];
    }
}

int main() {
    int *x, *y, *o;
    float *f, *g;
    cudaMalloc(&x, 1024);
    cudaMalloc(&y, 1024);
    cudaMalloc(&o, 4);
    cudaMalloc(&f, 4096);
    cudaMalloc(&g, 4096);
    copy_twice<<<1, 64>>>(x, y, o);
    copy_twice<<<1, 64>>>((const int *)y, x, o);
    shift<<<4, 256>>>(f, g, 1024);
    return 0;
}
