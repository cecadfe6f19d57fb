// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The twin of vector_brace_literal_racy.cu testing the first component:
// p.x is 0, so no thread writes out[0].

__global__ void vector_brace_literal(int *out) {
    int2 p = int2{0, 5};
    if (p.x == 5) {
        out[0] = threadIdx.x;
    }
    out[1 + threadIdx.x] = p.y;
}
