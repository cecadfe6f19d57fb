// expect-verdict: divergent
//--local_size=128 --num_groups=8
// wait_group_events is a work-group collective: every work-item must pass the
// same events. Here the upper half of the group waits for the other copy.

__kernel void stage_two(__global const float *a, __global const float *b, __global float *out) {
    __local float ta[128];
    __local float tb[128];
    event_t ev[2];
    ev[0] = async_work_group_copy(ta, a + 128 * get_group_id(0), 128, 0); //~ benign-race
    ev[1] = async_work_group_copy(tb, b + 128 * get_group_id(0), 128, 0); //~ benign-race
    int upper = get_local_id(0) >= 64;
    wait_group_events(1, &ev[upper]); //~ divergence
    wait_group_events(2, ev);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = ta[get_local_id(0)] + tb[get_local_id(0)];
}
