// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `P s = {t}` with `t` a P copies t ([dcl.init.list]p3.2): s.b is 5, so
// every thread writes out[0]. (Taking t for the first member made s.b 0.)

struct CopiedPair {
    int a;
    int b;
};

__global__ void copy_braces_racy(int *out) {
    CopiedPair t = {0, 5};
    CopiedPair s = {t};
    if (s.b == 5) {
        out[0] = threadIdx.x; //~ race write-write
    }
}
