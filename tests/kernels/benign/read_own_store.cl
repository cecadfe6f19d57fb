// expect-verdict: race-free
//--local_size=64 --num_groups=16
// Every work-item of every group marks the buffer as initialised and reads
// the mark back before using it: equal stores, each read after its own.

__kernel void mark_initialised(__global int *state, __global int *out) {
    size_t gid = get_global_id(0);
    state[0] = 7; //~ benign-race
    int mark = state[0]; //~ benign-race
    out[gid] = mark + (int)gid;
}
