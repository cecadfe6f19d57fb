// expect-verdict: racy
//--local_size=128 --num_groups=1

__kernel void count_then_reset(__global uint *out) {
    __local uint counter[1];
    atomic_add(&counter[0], 1u);
    if (get_local_id(0) == 0) {
        counter[0] = 0; //~ race atomic-vs-plain
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_local_id(0)] = counter[0];
}
