// expect-verdict(sg_uniform): race-free
// expect-verdict(sg_reduce_lane_cond): divergent
// expect-verdict(sg_broadcast_lane_id): divergent
// expect-verdict(sg_barrier_lane_cond): divergent
// expect-verdict(sg_shuffle_lid_cond): divergent
// expect-verdict(sg_result_loop_barrier): divergent
// expect-verdict(sg_barrier_orders_nothing): racy
//--local_size=64 --num_groups=4
// Sub-group functions must be reached by every work-item of the sub-group
// (OpenCL C 6.15.16); which work-items form one is implementation-defined, so
// any two of the work-group may: a call under a work-item-dependent condition
// is divergent. The non-uniform extensions' functions are exempt.

__kernel void sg_uniform(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    x = sub_group_reduce_add(x);
    x += sub_group_broadcast(x, 0);
    x += sub_group_scan_inclusive_max(x);
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    x += intel_sub_group_shuffle_xor(x, 1u);
    if (get_sub_group_local_id() < 4)
        x += sub_group_non_uniform_reduce_add(x);
    if (get_local_id(0) == 3 && sub_group_elect())
        x++;
    out[get_global_id(0)] = x;
}

__kernel void sg_reduce_lane_cond(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_sub_group_local_id() < 4)
        x = sub_group_reduce_add(x); //~ divergence
    out[get_global_id(0)] = x;
}

__kernel void sg_broadcast_lane_id(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    x = sub_group_broadcast(x, get_local_id(0) % 4); //~ divergence
    out[get_global_id(0)] = x;
}

__kernel void sg_barrier_lane_cond(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (x > 0)
        sub_group_barrier(CLK_LOCAL_MEM_FENCE); //~ divergence
    out[get_global_id(0)] = x;
}

__kernel void sg_shuffle_lid_cond(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    if (get_local_id(0) >= 16)
        x = intel_sub_group_shuffle(x, 3u); //~ divergence
    out[get_global_id(0)] = x;
}

// A sub-group's sum is the same within the sub-group only: a work-group
// barrier in a loop it bounds is reached a different number of times by
// work-items of different sub-groups.
__kernel void sg_result_loop_barrier(__global const int *in, __global int *out) {
    __local int tile[64];
    int n = sub_group_reduce_max(in[get_global_id(0)]);
    for (int i = 0; i < n; i++) {
        tile[get_local_id(0)] = i;
        barrier(CLK_LOCAL_MEM_FENCE); //~ divergence
    }
    out[get_global_id(0)] = n;
}

// sub_group_barrier orders the work-items of a sub-group only, which ones is
// not known: it orders nothing here.
__kernel void sg_barrier_orders_nothing(__global const int *in, __global int *out) {
    __local int tile[64];
    tile[get_local_id(0)] = in[get_global_id(0)]; //~ race
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[get_local_id(0) ^ 1]; //~ race
}
