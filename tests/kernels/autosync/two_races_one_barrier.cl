// expect-verdict: racy
//--local_size=64 --num_groups=1

__kernel void two_races(__global int *out) {
    __local int A[65];
    __local int B[65];
    size_t tid = get_local_id(0);
    int x = A[tid + 1]; //~ race read-write
    int y = B[tid + 1]; //~ race read-write
    A[tid] = x + y;
    B[tid] = x - y;
    out[tid] = x * y;
}
