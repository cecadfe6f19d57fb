// expect-verdict: divergent
//--local_size=64 --num_groups=16
// async_work_group_copy is a work-group collective: every work-item must reach it.

__kernel void stage_some(__global const float *src, __global float *dst) {
    __local float tile[64];
    if (get_local_id(0) < 32) {
        event_t e = async_work_group_copy(tile, src + 64 * get_group_id(0), 64, 0); //~ divergence, benign-race
        wait_group_events(1, &e); //~ divergence
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[get_global_id(0)] = tile[get_local_id(0)];
}
