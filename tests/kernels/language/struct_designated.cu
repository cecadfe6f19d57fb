// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The twin of struct_designated_racy.cu testing the member not named: p.a
// is 0, so no thread writes out[0]; q's members are named out of order.

struct P {
    int a;
    int b;
};

__global__ void designated(int *out) {
    P p = {.b = 4};
    P q = {.b = 0, .a = 1};
    if (p.a == 4 || q.b == 1) {
        out[0] = threadIdx.x;
    }
    out[1 + threadIdx.x] = q.a;
}
