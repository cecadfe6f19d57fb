// expect-verdict: racy
// The grid is computed from `n`, but `n` changes before the launch through
// something the host scan cannot follow: a write through `?:`, a reference
// kept by a function, a lambda called in between. No relation is assumed,
// and with fewer rows than blocks the rows of the array overlap.

__global__ void alias_ternary(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x; //~ race write-write
}

__global__ void alias_kept(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x; //~ race write-write
}

__global__ void alias_lambda(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x; //~ race write-write
}

static int *kept;
static void keep(int &v) { kept = &v; }
static void halve_kept() { *kept /= 2; }

void run(float *a, int n, int m, int c) {
    dim3 g(n / 64, 8);
    (c ? n : m) /= 2;
    alias_ternary<<<g, 64>>>(a, n);
}

void run_kept(float *a, int n) {
    keep(n);
    dim3 g(n / 64, 8);
    halve_kept();
    alias_kept<<<g, 64>>>(a, n);
}

void run_lambda(float *a, int n) {
    auto halve = [&]() noexcept(true) { n /= 2; };
    dim3 g(n / 64, 8);
    halve();
    alias_lambda<<<g, 64>>>(a, n);
}
