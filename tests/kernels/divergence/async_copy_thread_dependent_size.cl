// expect-verdict: divergent
//--local_size=64 --num_groups=16
// async_work_group_copy needs the same arguments in every work-item; the
// element count here depends on the work-item.

__kernel void stage_ragged(__global const float *src, __global float *dst) {
    __local float tile[64];
    size_t count = get_local_id(0) < 32 ? 32 : 64;
    event_t e = async_work_group_copy(tile, src + 64 * get_group_id(0), count, 0); //~ divergence, benign-race
    wait_group_events(1, &e);
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[get_global_id(0)] = tile[get_local_id(0)];
}
