// expect-verdict: race-free
//--blockDim=256 --gridDim=1
// Twin of pointer_choices_merged_racy.cu: a barrier orders the stores
// through the pointer before the reads of X.

__global__ void choose_then_write(int *out, int flag, int flag2, int c) {
    __shared__ int X[256];
    __shared__ int Y[256];
    int t = threadIdx.x;
    int *q;
    if (c)
        q = flag ? X : Y;
    else
        q = flag2 ? Y : X;
    q[t] = t;
    __syncthreads();
    out[t] = X[t ^ 1];
}

__global__ void copy_detached_on_one_path(int *out, int flag, int c) {
    __shared__ int X[256];
    __shared__ int Y[256];
    int t = threadIdx.x;
    int *p = flag ? X : Y;
    int *q = p;
    if (c)
        p = Y;
    q[t] = t;
    __syncthreads();
    out[t] = X[t ^ 1];
}
