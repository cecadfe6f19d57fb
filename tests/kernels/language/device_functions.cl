// expect-verdict: racy
//--local_size=64 --num_groups=1

int load_next(__local const int *buf, size_t i) {
    return buf[i + 1];
}

void store(__local int *buf, size_t i, int value) {
    buf[i] = value;
}

__kernel void neighbour_through_helpers(__global int *out) {
    __local int buf[65];
    size_t tid = get_local_id(0);
    int v = load_next(buf, tid); //~ race read-write
    store(buf, tid, v * 2);
    out[tid] = v;
}
