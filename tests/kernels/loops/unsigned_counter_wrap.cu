// expect-verdict(wraps_past_zero): racy
// expect-verdict(bounded_counter): race-free
// expect-verdict(second_counter_wraps): racy
//--blockDim=64 --gridDim=1
// Unsigned arithmetic wraps modulo 2^32: a counter stepped past UINT_MAX
// takes small values again. In `wraps_past_zero` the counter runs
// 4294967294, 4294967295, 0, 1 and every thread writes buf[0] and buf[1]; in
// `second_counter_wraps` a counter the loop condition does not bound does the
// same. A counter bounded by `k < n` in the direction of its step keeps the
// no-wrap facts (`bounded_counter`: each thread writes its own element).

__global__ void wraps_past_zero(float *out) {
    __shared__ float buf[64];
    for (unsigned k = 4294967294u; k != 2u; k++) {
        if (k < 2u)
            buf[k] = threadIdx.x; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void bounded_counter(float *out, unsigned n) {
    __shared__ float buf[64];
    for (unsigned k = threadIdx.x; k < n && k < 64u; k += 64u) {
        buf[k] = k;
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void second_counter_wraps(float *out) {
    __shared__ float buf[64];
    unsigned k = 4294967294u;
    for (int n = 0; n < 4; n++) {
        if (k < 2u)
            buf[k] = threadIdx.x; //~ race write-write
        k++;
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}
