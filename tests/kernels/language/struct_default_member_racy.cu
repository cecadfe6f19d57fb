// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A member without an item takes its default member initializer
// ([dcl.init.aggr]p5), not zero: d.n is 4, so every thread writes out[0].

struct Defaults {
    int a;
    int n = 4;
};

__global__ void default_member_racy(int *out) {
    Defaults d = {1};
    if (d.n == 4) {
        out[0] = threadIdx.x; //~ race write-write
    }
}
