// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Review finding on s15-repair: `fix` wrapped this declaration in braces
// (a barrier in the branch the front end makes of the `?:`), so `x` went
// out of scope. As written, thread 0 reads s[1] while thread 1 writes it.

__global__ void decl_ternary(float *d, int flag) {
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = d[t]; //~ race
    float x = flag ? s[(t + 1) % 64] : s[t]; //~ race
    d[t] = x;
}
