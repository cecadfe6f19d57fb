// Reverses each work-group's slice through local memory. The barrier between the store into
// `tmp` and the mirrored load is missing: a work-item may read a slot before its owner wrote it.
__kernel void reverse(__global int *data, __local int *tmp)
{
    size_t t = get_local_id(0);
    size_t n = get_local_size(0);
    tmp[t] = data[get_global_id(0)];
    data[get_global_id(0)] = tmp[n - 1 - t];
}
