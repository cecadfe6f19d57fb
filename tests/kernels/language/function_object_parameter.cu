// expect-verdict(apply_op): race-free
// expect-verdict(apply_template): race-free
// expect-verdict(stateful_copy): race-free
//--blockDim=64 --gridDim=2
// A function object passed to a kernel by value (`k(out, op)`, thrust- and
// CUB-style): calling it runs its `operator()` on the parameter's copy, so a
// stateful operator changes its own copy only.

struct Scale {
    float factor;
    __device__ float operator()(float x) const { return x * factor; }
};

__global__ void apply_op(float *out, const float *in, Scale op) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = op(in[i]);
}

template <typename Op>
__global__ void apply_template(float *out, const float *in, Op op) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = op(in[i]);
}
template __global__ void apply_template<Scale>(float *, const float *, Scale);

struct Counter {
    int next;
    __device__ int operator()() { return next++; }
};

__global__ void stateful_copy(int *out, Counter c) {
    __shared__ int s[64];
    int first = c();
    int second = c();
    // `second == first + 1` in every thread: the copy's state moved.
    s[threadIdx.x] = second - first;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
