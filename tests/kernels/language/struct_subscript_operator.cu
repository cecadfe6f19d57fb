// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `operator[]` returning a value is inlined: its read of the shared array
// races with the neighbour's write.

struct View {
    int *p;
    __device__ int operator[](int i) const { return p[i]; }
};

__global__ void struct_subscript(int *out) {
    __shared__ int s[64];
    View v;
    v.p = s;
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    out[threadIdx.x] = v[(threadIdx.x + 1) % 64]; //~ race read-write
}
