// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The twin of struct_copy_braces_racy.cu testing the other member: s.a is
// 0, so no thread writes out[0].

struct CopiedPair2 {
    int a;
    int b;
};

__global__ void copy_braces(int *out) {
    CopiedPair2 t = {0, 5};
    CopiedPair2 s = {t};
    if (s.a == 5) {
        out[0] = threadIdx.x;
    }
    out[1 + threadIdx.x] = s.b;
}
