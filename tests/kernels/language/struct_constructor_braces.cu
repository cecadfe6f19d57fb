// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The twin of struct_constructor_braces_racy.cu testing another value: the
// constructor makes n 4, so no thread writes out[0].

struct Summed2 {
    int n;
    __device__ Summed2(int a, int b) { n = a + b; }
};

__global__ void constructor_braces(int *out) {
    Summed2 s = {1, 3};
    if (s.n == 1) {
        out[0] = threadIdx.x;
    }
    out[1 + threadIdx.x] = s.n;
}
