// expect-verdict: racy
//--blockDim=256 --gridDim=1
// A pointer that selects X or Y on each of two paths, by different
// conditions: after the `if` it is still X or Y (memory), and its store
// races with the other threads' reads of X. (The two selections used to be
// merged as per-thread memory, whose writes are dropped: the race was
// missed.)

__global__ void choose_then_write(int *out, int flag, int flag2, int c) {
    __shared__ int X[256];
    __shared__ int Y[256];
    int t = threadIdx.x;
    int *q;
    if (c)
        q = flag ? X : Y;
    else
        q = flag2 ? Y : X;
    q[t] = t; //~ race write-read
    out[t] = X[t ^ 1]; //~ race read-write
}

// A copy of a selecting pointer, detached from it on one path only.
__global__ void copy_detached_on_one_path(int *out, int flag, int c) {
    __shared__ int X[256];
    __shared__ int Y[256];
    int t = threadIdx.x;
    int *p = flag ? X : Y;
    int *q = p;
    if (c)
        p = Y;
    q[t] = t; //~ race write-read
    out[t] = X[t ^ 1]; //~ race read-write
}
