// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// `(int)f` of a float that does not fit an int is undefined behaviour, so
// the conversion's value is an int: two values of `r` differ by less than
// 2^32, and distinct threads' offsets `r + t * 2^32` cannot meet.

__global__ void columns(float *x, long *out) {
    int r = (int)x[threadIdx.x];
    out[(long)r + (long)threadIdx.x * 4294967296L] = threadIdx.x;
}
