// expect-verdict(sgid_first_only): race-free
// expect-verdict(sgid_parity_loop): race-free
// expect-verdict(sgid_and_lane): divergent
// expect-verdict(sgid_vs_local_id): divergent
// expect-verdict(sgid_work_group_reduce): divergent
// expect-verdict(sgid_broadcast_lane_arg): divergent
// expect-verdict(sgid_barrier_orders_nothing): racy
//--local_size=64 --num_groups=4
// Work-items with different get_sub_group_id() are in different sub-groups:
// a sub-group function under a condition on the sub-group id alone is reached
// by the whole sub-group or by none of it. Which work-items share an id is
// implementation-defined: anything else about the mapping stays unknown.

__kernel void sgid_first_only(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_sub_group_id() == 0)
        x = sub_group_reduce_add(x);
    out[get_global_id(0)] = x;
}

__kernel void sgid_parity_loop(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    uint s = get_sub_group_id();
    for (uint i = 0; i < s % 3; i++)
        x = sub_group_scan_inclusive_add(x);
    out[get_global_id(0)] = x;
}

// The sub-group local id differs within a sub-group.
__kernel void sgid_and_lane(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_sub_group_id() == 0 && get_sub_group_local_id() < 4)
        x = sub_group_reduce_add(x); //~ divergence
    out[get_global_id(0)] = x;
}

// Two work-items of one sub-group have different local ids.
__kernel void sgid_vs_local_id(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_sub_group_id() == get_local_id(0))
        x = sub_group_reduce_max(x); //~ divergence
    out[get_global_id(0)] = x;
}

// A work-group function needs every work-item of the work-group.
__kernel void sgid_work_group_reduce(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_sub_group_id() == 0)
        x = work_group_reduce_add(x); //~ divergence
    out[get_global_id(0)] = x;
}

// The broadcast id must be the same within the sub-group.
__kernel void sgid_broadcast_lane_arg(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_sub_group_id() == 1)
        x = sub_group_broadcast(x, get_sub_group_local_id()); //~ divergence
    out[get_global_id(0)] = x;
}

// Under a sub-group-id condition sub_group_barrier still orders nothing.
__kernel void sgid_barrier_orders_nothing(__global const int *in, __global int *out) {
    __local int tile[64];
    tile[get_local_id(0)] = in[get_global_id(0)]; //~ race
    if (get_sub_group_id() < 2)
        sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[get_local_id(0) ^ 1]; //~ race
}
