// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A `const float &` given an `int` lvalue binds to a temporary initialised
// from it at the call ([dcl.init.ref]): the call reads `s` before the
// callee's barrier, in the interval of thread 0's write.

__device__ void store_after_barrier(const float &x, float *out) {
    __syncthreads();
    out[threadIdx.x] = x;
}

__global__ void converted_reference_argument(float *out) {
    __shared__ int s;
    if (threadIdx.x == 0)
        s = 5; //~ race write-read
    store_after_barrier(s, out);
}

// `long long` and `long` are distinct types (of one size here): the
// reference binds a temporary initialised from `n` at the call.
__device__ void add_after_barrier(const long long &x, long long *out) {
    __syncthreads();
    out[threadIdx.x] += x;
}

__global__ void distinct_integer_reference_argument(long long *out) {
    __shared__ long n;
    if (threadIdx.x == 0)
        n = 7; //~ race write-read
    add_after_barrier(n, out);
}
