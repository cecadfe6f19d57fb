// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A comment inside parentheses of an index expression (a layout note) is not
// part of the expression.

__global__ void layout(float *v, int nx) {
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    v[ix + nx * ( /*---this axis varies slowest---*/ 0 )] = 1.0f;
}
