// expect-verdict: racy
//--blockDim=64 --gridDim=4
// Without `__restrict__` a `const float *` argument may still be written by
// code the front end cannot see (const can be cast away, and another
// pointer may write the same data), and a non-const argument of a call is
// written even next to a `const __restrict__` one.

__device__ float load(const float *p, int i);
__device__ void store(float *dst, const float *src, int i);

__global__ void plain_const(const float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = load(in, i);   //~ race write-write, race read-write
    out[i] = v;
}

__global__ void restrict_source(const float *__restrict__ in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    store(out, in, i);       //~ race write-write, race read-write
}

// The array holds pointers: the data they target is not const, and the
// callee may write it (say nodes[0].data == g) while other threads read it.
struct Node {
    float *data;
};
__device__ void visit(const Node *n);

__global__ void restrict_pointers(const Node *__restrict__ nodes, float *out) {
    visit(nodes);                        //~ race write-write, race read-write, race write-read
    out[threadIdx.x] = nodes[0].data[0]; //~ race read-write, race write-write
}
