// expect-verdict: racy
//--blockDim=64 --gridDim=1
// As float_to_int_in_range.cu with threads 2^31 apart: r = 0 in thread 1
// and r = -2^31 in thread 0 meet.

__global__ void columns_overlap(float *x, long *out) {
    int r = (int)x[threadIdx.x];
    out[(long)r + (long)threadIdx.x * 2147483648L] = threadIdx.x; //~ race write-write
}
