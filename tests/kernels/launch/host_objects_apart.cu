// expect-verdict(objapart_locals): race-free
// expect-verdict(objapart_refs): race-free
// expect-verdict(objapart_returned): race-free
// expect-verdict(objapart_aggregates): race-free
// Members of two local objects that nothing but their own names reach (no
// copy, move, `&obj`, reference bound to them other than a `const T &`
// parameter of a wrapper) are two allocations: each object's constructor
// allocates its own buffer (before session 60 every object's `buf_` was one
// value, keyed by the member's name, and each launch below was racy).
__global__ void objapart_locals(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void objapart_refs(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void objapart_returned(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void objapart_aggregates(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

template <typename T>
class ApartBuffer {
public:
    ApartBuffer(int n) : n_(n) { cudaMalloc((void **)&buf_, n * sizeof(T)); }
    ApartBuffer(ApartBuffer &&other) noexcept : n_(other.n_), buf_(other.buf_) {
        other.buf_ = nullptr;
    }
    ApartBuffer &operator=(ApartBuffer &&other) noexcept {
        if (this != &other) {
            cudaFree(buf_);
            buf_ = other.buf_;
            other.buf_ = nullptr;
        }
        return *this;
    }
    ~ApartBuffer() { cudaFree(buf_); }
    T *device() const { return buf_; }
    void fill(T v);
    int n_;
    T *buf_;
};

template <typename T>
void ApartBuffer<T>::fill(T v) {
    cudaMemset(buf_, 0, n_ * sizeof(T));
}

struct ApartPair {
    float *first_;
    float *second_;
};

void objapart_run(const ApartBuffer<float> &x, const ApartBuffer<float> &y, int n) {
    objapart_refs<<<n / 256, 256>>>(x.buf_, y.buf_, n);
}

ApartBuffer<float> objapart_make(const ApartBuffer<float> &x, int n) {
    ApartBuffer<float> r(n);
    objapart_returned<<<n / 256, 256>>>(x.buf_, r.buf_, n);
    return r;
}

int main() {
    const int n = 1 << 20;
    ApartBuffer<float> a(n);
    ApartBuffer<float> b(n);
    a.fill(1.0f);
    objapart_locals<<<n / 256, 256>>>(a.buf_, b.buf_, n);
    objapart_run(a, b, n);
    ApartBuffer<float> c(n);
    c = objapart_make(a, n);
    float *d, *e;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    ApartPair s{d, e};
    ApartPair t{e, d};
    objapart_aggregates<<<n / 256, 256>>>(s.first_, t.first_, n);
    return 0;
}
