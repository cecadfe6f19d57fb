// expect-verdict: race-free
//--blockDim=256 --gridDim=1
// Twin of pointer_copy_then_reassigned_racy.cu: the reads are of Y, which
// `q` (p's old array, X, when `flag` is set) does not target then.

__global__ void swap_then_write(const int *in, int *out, int flag) {
    __shared__ int X[256];
    __shared__ int Y[256];
    int t = threadIdx.x;
    int *p = flag ? X : Y;
    int *q = flag ? Y : X;
    int *tmp = p;
    p = q;
    q = tmp;
    q[t] = in[t];
    if (flag)
        out[t] = Y[t ^ 1];
}
