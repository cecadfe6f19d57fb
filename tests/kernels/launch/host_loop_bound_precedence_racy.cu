// expect-verdict: racy
// (Reviewer's kernel, s13 review of 7d67027.) `t < n | m` is `(t < n) | m`
// in C: with m = 1 the loop runs on past t = n | m, e.g. n = 4, m = 1:
// t = 6 launches with n | m = 5, and thread 0 writes a[6] while thread 1
// writes a[(n | m) + 1] = a[6]. Likewise `t < n ^ m` (n = 0, m = 1: every
// t >= 0 launches; t = 2: a[2] and a[(0 ^ 1) + 1]).
__global__ void bit_or_bound(int *a, int t, int n, int m) {
    if (threadIdx.x == 0) a[t] = 7; //~ race write-write
    else a[(n | m) + threadIdx.x] = threadIdx.x;
}
__global__ void bit_xor_bound(int *a, int t, int n, int m) {
    if (threadIdx.x == 0) a[t] = 7; //~ race write-write
    else a[(n ^ m) + threadIdx.x] = threadIdx.x;
}

void f(int *a, int n, int m) {
    for (int t = 0; t < n | m; t++)
        bit_or_bound<<<1, 64>>>(a, t, n, m);
    for (int t = 0; t < n ^ m; t++)
        bit_xor_bound<<<1, 64>>>(a, t, n, m);
}
