// expect-verdict(sgb_guard): race-free
// expect-verdict(sgb_loop_bound): race-free
// expect-verdict(sgb_guard_on_own_value): divergent
// expect-verdict(sgb_value_changed_per_item): divergent
// expect-verdict(sgb_changed_in_branch): divergent
// expect-verdict(sgb_after_return): divergent
//--local_size=64 --num_groups=4
// `sub_group_broadcast(x, lane)` gives every work-item of the sub-group one
// value (lane's `x`, with `lane` the same in all of them), so a sub-group
// function under a condition on it, or in a loop it bounds, is reached by
// all of the sub-group or by none. The near misses compare another value.

__kernel void sgb_guard(__global const int *in, __global int *out) {
    int v = in[get_global_id(0)];
    int r = 0;
    int b = sub_group_broadcast(v, 0);
    if (b > 0)
        r = sub_group_reduce_add(v);
    out[get_global_id(0)] = r;
}

__kernel void sgb_loop_bound(__global const int *in, __global int *out) {
    int x = in[get_global_id(0)];
    int n = sub_group_broadcast(x, 1);
    for (int i = 0; i < n; i++)
        x = sub_group_reduce_max(x);
    out[get_global_id(0)] = x;
}

// The work-item's own value decides.
__kernel void sgb_guard_on_own_value(__global const int *in, __global int *out) {
    int v = in[get_global_id(0)];
    int r = 0;
    int b = sub_group_broadcast(v, 0);
    if (v > b)
        r = sub_group_reduce_add(v); //~ divergence
    out[get_global_id(0)] = r;
}

// The broadcast value is changed by each work-item before the test.
__kernel void sgb_value_changed_per_item(__global const int *in, __global int *out) {
    int v = in[get_global_id(0)];
    int r = 0;
    int b = sub_group_broadcast(v, 0) + get_sub_group_local_id();
    if (b > 8)
        r = sub_group_reduce_add(v); //~ divergence
    out[get_global_id(0)] = r;
}

// Changed in a work-item-dependent branch.
__kernel void sgb_changed_in_branch(__global const int *in, __global int *out) {
    int v = in[get_global_id(0)];
    int r = 0;
    int b = sub_group_broadcast(v, 0);
    if (get_local_id(0) % 2 == 1)
        b = v;
    if (b > 0)
        r = sub_group_reduce_add(v); //~ divergence
    out[get_global_id(0)] = r;
}

// The broadcast's source may have returned.
__kernel void sgb_after_return(__global const int *in, __global int *out) {
    int v = in[get_global_id(0)];
    if (v < 0)
        return;
    int r = 0;
    int b = sub_group_broadcast(v, 0); //~ divergence
    if (b > 0)
        r = sub_group_reduce_add(v); //~ divergence
    out[get_global_id(0)] = r;
}
