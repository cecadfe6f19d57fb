// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `int2{0, 5}` is an int2 (a C++ functional cast with braces), not the int
// of its first item spread to both components: p.y is 5, so every thread
// writes out[0].

__global__ void vector_brace_literal_racy(int *out) {
    int2 p = int2{0, 5};
    if (p.y == 5) {
        out[0] = threadIdx.x; //~ race write-write
    }
}
