// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A designated initializer sets the member it names: p.b is 4 (p.a is 0),
// so every thread writes out[0].

struct P {
    int a;
    int b;
};

__global__ void designated_racy(int *out) {
    P p = {.b = 4};
    if (p.b == 4) {
        out[0] = threadIdx.x; //~ race write-write
    }
}
