// expect-verdict: racy
// A local lambda shadows the function declared in view that takes the size
// by value (`void halve(int *, int)`): the call `halve(h, n)` is the
// lambda's, which takes `n` by reference and changes it after the grid (or
// the block) was computed from it. No relation and no constant: the launch
// with gridDim.x * 64 == 2 * n makes i and i + n collide, and a block of 256
// threads makes threads 128 apart collide. (Reported by the review of the
// branch, kernels renamed.)
__global__ void wrap_by_size(int *a, int n) {
    int i = blockIdx.x * 64 + threadIdx.x;
    a[i % n] = i; //~ race
}

__global__ void wrap_by_128(int *a) {
    a[threadIdx.x % 128] = threadIdx.x; //~ race
}

void halve(int *h, int n);
void widen(int n);

void run_halved(int *a, int *h, int n) {
    int blocks = n / 64;
    auto halve = [](int *p, int &m) { m = m / 2; };
    halve(h, n);
    wrap_by_size<<<blocks, 64>>>(a, n);
}

void run_widened(int *a) {
    int t = 128;
    auto widen = [](int &m) { m = 256; };
    widen(t);
    wrap_by_128<<<1, t>>>(a);
}

// In a member function, an unqualified call may mean a member of a class
// whose definition is not in view (review finding): `setup(n)` may be
// `Solver::setup(int &)`.
__global__ void wrap_in_member(int *a, int n) {
    int i = blockIdx.x * 64 + threadIdx.x;
    a[i % n] = i; //~ race
}

void setup(int n);

void Solver::run(int *a, int n) {
    int blocks = n / 64;
    setup(n);
    wrap_in_member<<<blocks, 64>>>(a, n);
}
