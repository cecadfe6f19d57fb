// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As int_base_set_in_both_arms in pointer_chosen_by_branch.cu, but on one
// path through the nested `if` the local is never assigned: threads of
// blocks 0-3 with threadIdx.x >= 128 store at an index of any value.

__global__ void int_base_set_in_one_arm_racy(float *out) {
    int base;
    if (blockIdx.x < 4) {
        if (threadIdx.x < 128) {
            base = 0;
        }
    } else {
        base = 0;
    }
    out[base + blockIdx.x * blockDim.x + threadIdx.x] = (float)threadIdx.x; //~ race
}
