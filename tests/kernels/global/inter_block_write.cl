// expect-verdict: racy
//--local_size=64 --global_size=256

__kernel void tag_by_group(__global int *data) {
    data[get_local_id(0)] = get_group_id(0); //~ race write-write
}
