// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As pointer_chosen_by_branch.cu, but one arm offsets the pointer by one
// block's elements: block 1 writes what block 0 writes (the offset is not
// one constant, so the pair goes to the solver).

__global__ void pointer_chosen_by_branch_offset_racy(float *p, int flag) {
    float *r;
    if (blockIdx.x == 1) {
        r = p;
    } else {
        r = p + 256;
    }
    r[blockIdx.x * blockDim.x + threadIdx.x] = (float)blockIdx.x; //~ race
}
