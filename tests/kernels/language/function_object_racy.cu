// expect-verdict: racy
//--blockDim=64 --gridDim=2
// A function object's `operator()` computes the index from its state: two
// threads share each base, so they write the same element.

struct Index {
    int base;
    __device__ Index(int b) { base = b; }
    __device__ int operator()(int k) const { return base + k; }
};

__global__ void place(float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Index at(i / 2);
    out[at(0)] = (float)i; //~ race write-write
}
