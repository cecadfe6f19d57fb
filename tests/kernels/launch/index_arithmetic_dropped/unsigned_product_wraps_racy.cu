// expect-verdict: racy
//--blockDim=64 --gridDim=1
// As language/signed_overflow_excluded.cu in unsigned arithmetic, which
// wraps (it is defined): with v = 2^27, threads 0 and 32 both write a[0].
// The race needs the product of a parameter and a thread id in an offset to
// wrap, which the default index-arithmetic assumption excludes: it is
// reported with the assumption dropped (syncwright.toml here).

__global__ void scaled_unsigned(int *a, int v) {
    if (v < (1 << 26))
        return;
    unsigned j = (unsigned)v * threadIdx.x;
    a[j] = threadIdx.x; //~ race write-write
}
