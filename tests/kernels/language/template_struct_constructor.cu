// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// Fields of a template struct passed by value (`Params<float, int>`), a
// struct built by its constructor (`Window w(p, i);`) and a struct defined
// inside the kernel.

template <typename T, typename I>
struct Params {
    T *src;
    T *dst;
    I n;
};

struct Window {
    int lo, hi;
    __device__ Window(const Params<float, int> &p, int i) {
        lo = i * 4;
        hi = min(lo + 4, p.n);
    }
};

__global__ void window_sum(Params<float, int> p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    struct {
        float sum;
        int count;
    } acc;
    acc.sum = 0.0f;
    acc.count = 0;
    const Window w(p, i);
    // Each thread reads only its own element: `p.src` and `p.dst` may be
    // one buffer (pointers in a struct parameter are taken as one array).
    for (int k = w.lo; k < w.hi; k++) {
        acc.sum += p.src[i] * k;
        acc.count++;
    }
    if (i < p.n)
        p.dst[i] = acc.sum / acc.count;
}
