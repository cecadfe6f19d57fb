// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A class with a constructor is not an aggregate: `S s = {1, 3}` and
// `S t{1, 3}` call S(1, 3), so n is 4 (not the first item), and every
// thread writes out[0] and out[1].

struct Summed {
    int n;
    __device__ Summed(int a, int b) { n = a + b; }
};

__global__ void constructor_braces_racy(int *out) {
    Summed s = {1, 3};
    Summed t{1, 3};
    if (s.n == 4) {
        out[0] = threadIdx.x; //~ race write-write
    }
    if (t.n == 4) {
        out[1] = threadIdx.x; //~ race write-write
    }
}
