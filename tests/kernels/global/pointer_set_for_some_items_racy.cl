// expect-verdict: racy
//--local_size=256 --num_groups=64
// OpenCL twin of pointer_set_in_one_arm_racy.cu: work-items with local id
// >= 128 never assign `r`, which may then hold the address of `q`.

__kernel void pointer_set_for_some_items_racy(__global float *p, __global float *q) {
    int gid = get_global_id(0);
    __global float *r;
    if (get_local_id(0) < 128) {
        r = p;
    }
    r[gid] = q[gid + 1]; //~ race
}
