// expect-verdict: racy
// The twins of host_guard_exact_quotient.cu where nothing makes `G` divide
// `C` at the launch: no guard (C = 5, G = 2 gives K = 2 and 5 blocks in z, so
// block z = 4 of row 0 and block z = 0 of row 1 both own slot 4); a guard
// inside a branch the launch is not in; a guard that returns only when `C`
// is too small; and `C` incremented after the guard.

__global__ void rows_unguarded(float *y, int G, int K) {
    y[blockIdx.x * (G * K) + blockIdx.y] = blockIdx.x; //~ race write-write
}

__global__ void rows_branch_guard(float *y, int G, int K) {
    y[blockIdx.x * (G * K) + blockIdx.y] = blockIdx.x; //~ race write-write
}

__global__ void rows_other_guard(float *y, int G, int K) {
    y[blockIdx.x * (G * K) + blockIdx.y] = blockIdx.x; //~ race write-write
}

__global__ void rows_changed(float *y, int G, int K) {
    y[blockIdx.x * (G * K) + blockIdx.y] = blockIdx.x; //~ race write-write
}

void unguarded(float *y, int rows, int C, int G) {
    const int K = C / G;
    rows_unguarded<<<dim3(rows, C), 1>>>(y, G, K);
}

void branch_guard(float *y, int rows, int C, int G, bool check) {
    if (check) {
        if (C % G != 0) return;
    }
    const int K = C / G;
    rows_branch_guard<<<dim3(rows, C), 1>>>(y, G, K);
}

void other_guard(float *y, int rows, int C, int G) {
    if (C < G) return;
    const int K = C / G;
    rows_other_guard<<<dim3(rows, C), 1>>>(y, G, K);
}

void changed(float *y, int rows, int C, int G) {
    if (C % G != 0) return;
    const int K = C / G;
    C++;
    rows_changed<<<dim3(rows, C), 1>>>(y, G, K);
}

// As shuffle_pick in host_guard_exact_quotient.cu, but one block too many in
// z: block z = C of row 0 and block z = 0 of row 1 own the same slots. They
// store different values: the same value at the same offset would race only
// benignly, and the race would then rest on a witness whose index wraps.
template <bool kFirst>
__global__ void pick_extra(float *y, int C, int HxW) {
    const int n = kFirst ? blockIdx.x : blockIdx.y;
    const int s = kFirst ? blockIdx.y : blockIdx.x;
    const int offset = s * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = 1.f + blockIdx.z; //~ race write-write
}

void pick_more(float *y, int N, int C, int HxW) {
    const int S = (HxW + 255) / 256;
    dim3 g(S, N, C + 1);
    pick_extra<false><<<g, 256>>>(y, C, HxW);
}
