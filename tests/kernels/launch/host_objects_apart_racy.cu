// expect-verdict(objshare_member_fn): racy
// expect-verdict(objshare_copy): racy
// expect-verdict(objshare_ref_local): racy
// expect-verdict(objshare_ref_param): racy
// expect-verdict(objshare_other_object): racy
// expect-verdict(objshare_aggregates): racy
// expect-verdict(objshare_wrapper_twice): racy
// Two objects whose members really are one buffer: a member function called
// on one stores the other's buffer, a shallow copy, a reference bound to an
// object and written through, a reference parameter written through, a
// member function reading another object, two aggregates given one buffer,
// a wrapper called with one object twice. Objects are told apart only when
// nothing of this happens (see host_objects_apart.cu).
__global__ void objshare_member_fn(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objshare_copy(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objshare_ref_local(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objshare_ref_param(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objshare_other_object(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objshare_aggregates(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objshare_wrapper_twice(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

class ShareBuffer {
public:
    ShareBuffer(int n) : n_(n) { cudaMalloc((void **)&buf_, n * sizeof(float)); }
    void adopt(float *p) { buf_ = p; }
    void take_from(const ShareBuffer &o) { buf_ = o.buf_; }
    int n_;
    float *buf_;
};

class ShallowBuffer {
public:
    ShallowBuffer(int n) { cudaMalloc((void **)&sbuf_, n * sizeof(float)); }
    float *sbuf_;
};

struct SharePair {
    float *left_;
    float *right_;
};

void objshare_alias(ShareBuffer &dst, const ShareBuffer &src) { dst.buf_ = src.buf_; }

void objshare_run(const ShareBuffer &x, const ShareBuffer &y, int n) {
    objshare_wrapper_twice<<<n / 256, 256>>>(x.buf_, y.buf_, n);
}

int main() {
    const int n = 1 << 20;
    ShareBuffer a(n);
    ShareBuffer b(n);
    b.adopt(a.buf_);
    objshare_member_fn<<<n / 256, 256>>>(a.buf_, b.buf_, n);
    ShallowBuffer s(n);
    ShallowBuffer t = s;
    objshare_copy<<<n / 256, 256>>>(s.sbuf_, t.sbuf_, n);
    ShareBuffer c(n);
    ShareBuffer e(n);
    ShareBuffer &r = e;
    r.buf_ = c.buf_;
    objshare_ref_local<<<n / 256, 256>>>(c.buf_, e.buf_, n);
    ShareBuffer f(n);
    ShareBuffer g(n);
    objshare_alias(g, f);
    objshare_ref_param<<<n / 256, 256>>>(f.buf_, g.buf_, n);
    ShareBuffer h(n);
    ShareBuffer k(n);
    k.take_from(h);
    objshare_other_object<<<n / 256, 256>>>(h.buf_, k.buf_, n);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    SharePair p{d, nullptr};
    SharePair q{d, nullptr};
    objshare_aggregates<<<n / 256, 256>>>(p.left_, q.left_, n);
    ShareBuffer m(n);
    ShareBuffer w(n);
    objshare_run(m, w, n);
    objshare_run(m, m, n);
    return 0;
}
