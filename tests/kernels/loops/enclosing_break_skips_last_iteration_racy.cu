// expect-verdict: racy
//--blockDim=64 --gridDim=1
// With d == 0 every thread takes the outer loop's `break` before the inner
// loop, so that loop never divides by d. Its last iteration's execution
// (for the exit value of t) must not assume d != 0 for such threads, or the
// race on s[0] would be hidden.

__global__ void k(int *out, int d, int n) {
    __shared__ int s[64];
    for (int o = 0; o < n; o++) {
        if (d == 0) {
            s[0] = threadIdx.x; //~ race write-write
            break;
        }
        int t = 0;
        while (true) {
            t = 100 / d;
            break;
        }
        out[t * 64 + threadIdx.x] = o;
    }
}
