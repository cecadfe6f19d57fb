// expect-verdict: racy
// A `short` counter is incremented in `int` and converted back: after 32,767
// increments it wraps to -32,768 (a conversion, not signed overflow), so with
// n >= 32,768 every thread writes s[0].

__global__ void wraps(int *out, int n) {
    __shared__ int s[64];
    s[threadIdx.x] = 0;
    short i = 0;
    for (int j = 0; j < n; j++) {
        if (i < 0)
            s[0] = threadIdx.x; //~ race write-write
        i++;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = n;
}
