// Work-items of one group exchange values through global memory.
__kernel void global_exchange(__global int *buf) {
    int tid = get_local_id(0);
    buf[tid] = tid;
    int x = buf[tid + 1];
    buf[tid + 64] = x;
}
