// expect-verdict(wg_uniform_loop): race-free
// expect-verdict(wg_reduce_lid_cond): divergent
// expect-verdict(wg_broadcast_lid): divergent
// expect-verdict(wg_scan_loop_barrier): divergent
// expect-verdict(wg_reduce_orders_nothing): racy
//--local_size=64 --num_groups=4
// Work-group functions must be reached by every work-item of the work-group,
// a broadcast with the same local id (OpenCL C 6.15.14). A reduction's result
// is the same in every work-item; a scan's is not.

__kernel void wg_uniform_loop(__global const int *in, __global int *out) {
    __local int tile[64];
    int n = work_group_reduce_max(in[get_global_id(0)]);
    int b = work_group_broadcast(in[get_global_id(0)], 0);
    for (int i = 0; i < n + b; i++) {
        tile[get_local_id(0)] = i;
        barrier(CLK_LOCAL_MEM_FENCE);
        out[get_global_id(0)] += tile[63 - get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

__kernel void wg_reduce_lid_cond(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_local_id(0) < 4)
        x = work_group_reduce_add(x); //~ divergence
    out[get_global_id(0)] = x;
}

__kernel void wg_broadcast_lid(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    x = work_group_broadcast(x, get_local_id(0) / 2); //~ divergence
    out[get_global_id(0)] = x;
}

__kernel void wg_scan_loop_barrier(__global const int *in, __global int *out) {
    __local int tile[64];
    int n = work_group_scan_inclusive_add(in[get_global_id(0)]);
    for (int i = 0; i < n; i++) {
        tile[get_local_id(0)] = i;
        barrier(CLK_LOCAL_MEM_FENCE); //~ divergence
    }
    out[get_global_id(0)] = n;
}

// A work-group function is no barrier: it orders no memory.
__kernel void wg_reduce_orders_nothing(__global const int *in, __global int *out) {
    __local int tile[64];
    tile[get_local_id(0)] = in[get_global_id(0)]; //~ race
    int s = work_group_reduce_add(1);
    out[get_global_id(0)] = tile[get_local_id(0) ^ 1] + s; //~ race
}
