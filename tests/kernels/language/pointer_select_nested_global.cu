// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// A nested `?:` over three global arrays: every thread writes its own
// element of whichever array is chosen (the choice is uniform), so no race.

__global__ void nested_select_global(float *a, float *b, float *c, int x, int y) {
    float *p = x ? a : (y ? b : c);
    p[blockIdx.x * 64 + threadIdx.x] = 1.0f;
}
