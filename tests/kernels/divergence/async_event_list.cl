// expect-verdict: race-free
//--local_size=128 --num_groups=8
// Two copies whose events are kept in a private array and waited for together:
// every work-item passes the same list.

__kernel void stage_pair(__global const float *a, __global const float *b, __global float *out) {
    __local float ta[128];
    __local float tb[128];
    event_t ev[2];
    ev[0] = async_work_group_copy(ta, a + 128 * get_group_id(0), 128, 0); //~ benign-race
    ev[1] = async_work_group_copy(tb, b + 128 * get_group_id(0), 128, ev[0]); //~ benign-race
    wait_group_events(2, ev);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = ta[get_local_id(0)] * tb[get_local_id(0)];
}
