// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As pointer_set_in_one_arm_racy.cu, for a pointer member of a local struct
// declared without an initializer: `v.dst` is unassigned for odd blocks.

struct View {
    float *dst;
    int base;
};

__global__ void pointer_struct_member_unset_racy(float *p, float *q) {
    View v;
    v.base = blockIdx.x * blockDim.x;
    if (blockIdx.x % 2 == 0) {
        v.dst = p;
    }
    v.dst[v.base + threadIdx.x] = q[v.base + threadIdx.x + 1]; //~ race
}
