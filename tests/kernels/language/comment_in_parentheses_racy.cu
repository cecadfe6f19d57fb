// expect-verdict: racy
//--blockDim=64 --gridDim=4
// The twin of comment_in_parentheses.cu: the index drops the thread, so
// every thread writes the same element with a different value.

__global__ void layout(float *v, int nx) {
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    v[nx * ( /*---this axis varies slowest---*/ 0 )] = ix; //~ race write-write
}
