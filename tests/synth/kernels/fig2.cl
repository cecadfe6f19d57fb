// AutoSync Fig. 2 in OpenCL with local memory.
__kernel void fig2_cl(__global int *out) {
    __local int A[64];
    int tid = get_local_id(0);
    int x = A[tid + 1];
    A[tid] = x;
}
