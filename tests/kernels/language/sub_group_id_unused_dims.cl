// expect-verdict(sub_group_sums): race-free
// expect-verdict(sub_group_sums_reads_y): racy
// expect-verdict(sub_group_sums_halved_index): racy
// `get_sub_group_id()` does not count as a read of get_local_id(1) or (2):
// a kernel that names no other y or z id is taken as launched with extent 1
// there (the unused-dimensions assumption), so work-items (x, 0) and (x, 1)
// do not both write out[x]. No launch is given: the sizes are symbolic.

__kernel void sub_group_sums(__global const int *in, __global int *out) {
    int x = sub_group_reduce_add(in[get_global_id(0)]);
    out[get_global_id(0)] = x + get_sub_group_id();
}

// Reads get_local_id(1): the work-group may be two-dimensional.
__kernel void sub_group_sums_reads_y(__global const int *in, __global int *out) {
    int x = sub_group_reduce_add(in[get_global_id(0)]);
    out[get_global_id(0)] = x + get_sub_group_id() + get_local_id(1); //~ race write-write
}

// Work-items 2i and 2i + 1 write one slot.
__kernel void sub_group_sums_halved_index(__global const int *in, __global int *out) {
    int x = sub_group_reduce_add(in[get_global_id(0)]);
    out[get_global_id(0) / 2] = x + get_sub_group_id(); //~ race write-write
}
