// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `operator[]` returning a reference, written through: the write goes to
// the shared element, which two threads share.

struct Buffer {
    int *p;
    __device__ int &operator[](int i) { return p[i]; }
};

__global__ void struct_subscript_reference(int *out) {
    __shared__ int s[64];
    Buffer b;
    b.p = s;
    b[threadIdx.x / 2] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
