// expect-verdict: divergent
//--local_size=64 --num_groups=1
// A do-while whose trip count is the work-item's id: work-item 0 leaves after
// one pass, the others meet the barrier again.

__kernel void countdown(__global int *out) {
    __local int buf[64];
    int i = get_local_id(0);
    do {
        buf[get_local_id(0)] = i;
        barrier(CLK_LOCAL_MEM_FENCE); //~ divergence
        out[get_global_id(0)] += buf[63 - get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE); //~ divergence
        i--;
    } while (i > 0);
}
