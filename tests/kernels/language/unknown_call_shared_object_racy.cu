// expect-verdict: racy
//--blockDim=128 --gridDim=1
// A `__shared__` scalar or struct bound to a non-const reference parameter of
// a function without a visible body does not decay to a pointer: the callee
// may read and write any of its bytes (before, no access was made at all).

__device__ void accumulate(float &acc, float v);

__global__ void shared_scalar(const float *in, float *out) {
    __shared__ float total;
    accumulate(total, in[threadIdx.x]); //~ race read-write, race write-write
    __syncthreads();
    if (threadIdx.x == 0) out[0] = total;
}

struct Storage {
    int slots[128];
};
struct Collective {
    __device__ Collective(Storage &s);
    __device__ int run(int x);
};

// The shape of a collective library's call (construct on shared storage,
// run): without a model of the class, each call may write the storage.
__global__ void shared_struct_constructor(const int *in, int *out) {
    __shared__ Storage st;
    int a = Collective(st).run(in[threadIdx.x]); //~ race read-write, race write-write
    out[threadIdx.x] = a;
}

__device__ void publish(int &flag, int v);

__global__ void published_then_read(int *out) {
    __shared__ int flag;
    if (threadIdx.x == 0) publish(flag, 1); //~ race write-read
    out[threadIdx.x] = flag;
}
