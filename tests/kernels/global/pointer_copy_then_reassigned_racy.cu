// expect-verdict: racy
//--blockDim=256 --gridDim=1
// A pointer copy keeps the array its source pointed at when copied: after
// the swap `t = p; p = q; q = t`, `q` is `p`'s old array. With `flag` set,
// `p` starts on X, so `q` ends on X, and its store races with the other
// threads' reads of X. (The copy used to share the source's target
// selector, so `q` followed `p` to Y in the model and the race was missed.)

__global__ void swap_then_write(const int *in, int *out, int flag) {
    __shared__ int X[256];
    __shared__ int Y[256];
    int t = threadIdx.x;
    int *p = flag ? X : Y;
    int *q = flag ? Y : X;
    int *tmp = p;
    p = q;
    q = tmp;
    q[t] = in[t]; //~ race write-read
    if (flag)
        out[t] = X[t ^ 1]; //~ race read-write
}
