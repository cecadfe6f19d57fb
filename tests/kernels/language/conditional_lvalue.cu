// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Objects chosen by a condition and assignments used as objects are written:
// `(odd ? s[0] : s[1]) = ...` writes s[0] in odd threads and s[1] in even
// ones; `(t[i] = 0) = ...` writes t[i] twice, and two threads share i (the
// benign race of the two stores of 0 is the same pair of source accesses as
// the harmful one: one finding).

__global__ void conditional_object(int *out) {
    __shared__ int s[64];
    __shared__ int t[64];
    bool odd = threadIdx.x & 1;
    (odd ? s[0] : s[1]) = threadIdx.x; //~ race write-write
    int &r = odd ? t[threadIdx.x] : s[threadIdx.x];
    r = 1;
    (t[threadIdx.x / 2] = 0) = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + t[threadIdx.x];
}
