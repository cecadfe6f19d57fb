// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As int_base_set_in_one_arm_racy.cu, for a pointer: threads of blocks 0-3
// with threadIdx.x >= 128 never assign `r`, whose value is then
// indeterminate and may be the address of `q`, which other threads read one
// element further on. An unassigned pointer is any array, not no array.

__global__ void pointer_set_in_one_arm_racy(float *p, float *q) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float *r;
    if (blockIdx.x < 4) {
        if (threadIdx.x < 128) {
            r = p;
        }
    } else {
        r = p;
    }
    r[gid] = q[gid + 1]; //~ race
}
