// expect-verdict: race-free
//--local_size=64 --num_groups=16
// The same copy reached by every work-item, completed before use.

__kernel void stage_all(__global const float *src, __global float *dst) {
    __local float tile[64];
    event_t e = async_work_group_copy(tile, src + 64 * get_group_id(0), 64, 0); //~ benign-race
    wait_group_events(1, &e);
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[get_global_id(0)] = 2.0f * tile[get_local_id(0)];
}
