// expect-verdict: racy
//--blockDim=64 --gridDim=4
// Every block writes the same 64 elements.

__global__ void tag_by_block(int *data) {
    data[threadIdx.x] = blockIdx.x; //~ race write-write
}
