// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The constructor runs on the object: windows of 8 elements that start every
// 4 overlap, so neighbouring threads write the same elements.

template <typename T, typename I>
struct Params {
    T *src;
    T *dst;
    I n;
};

struct Window {
    int lo, hi;
    __device__ Window(const Params<double, int> &p, int i) {
        lo = i * 4;
        hi = min(lo + 8, p.n);
    }
};

__global__ void window_fill(Params<double, int> p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const Window w(p, i);
    for (int k = w.lo; k < w.hi; k++)
        p.dst[k] = p.src[i]; //~ race write-write, race read-write
}
