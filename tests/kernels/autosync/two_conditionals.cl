// expect-verdict: racy
//--local_size=128 --num_groups=1

__kernel void two_conditionals(__global int *out) {
    __local int A[130];
    size_t tid = get_local_id(0);
    int x = 0;
    if (tid % 2 == 0) {
        x = A[tid + 2]; //~ race read-write
    }
    if (tid % 6 == 0) {
        A[tid] += x;
    }
    out[tid] = x;
}
