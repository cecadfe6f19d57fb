// expect-verdict: racy
// A division the program does not evaluate assumes nothing: the `?:` and
// `||` guards below keep it from dividing by zero, and with `n == 0` every
// thread writes element 0.

__global__ void guarded_select(int *o, int n) {
    int q = (n == 0) ? 0 : (int)threadIdx.x * n / n;
    o[q] = threadIdx.x; //~ race write-write
}

__global__ void guarded_or(int *o, int n) {
    if (n == 0 || (int)threadIdx.x / n > 1000000)
        o[0] = threadIdx.x; //~ race write-write
}
