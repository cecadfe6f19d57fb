// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As pointer_chosen_by_branch.cu (the offset is the constant 0 after the
// `if`), but the store is indexed by the thread's index in its block only:
// threads of different blocks write the same element.

__global__ void pointer_chosen_by_branch_index_racy(float *p, float *q, int flag) {
    float *r;
    if (flag) {
        r = p;
    } else {
        r = q;
    }
    r[threadIdx.x] = (float)blockIdx.x; //~ race
}
