// expect-verdict(objmember_agg_twin): racy
// expect-verdict(objmember_assigned_twin): racy
// expect-verdict(objmember_through_ptr_twin): racy
// expect-verdict(objmember_in_class_twin): racy
// expect-verdict(objmember_in_class_agg_twin): racy
// Data members reached through an object hold what is stored through any
// object: `s.hi = s.lo`, `ps->lo = d; ps->hi = d`, an aggregate `S s{n, d,
// d}`, and from outside the class `g.next_ = g.cur_` for a launch in a member
// function (before session 59 `s.lo` was an opaque text root per spelling,
// and a member assigned from outside its class was not followed: each
// launch passes one buffer twice).
__global__ void objmember_agg_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objmember_assigned_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objmember_through_ptr_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objmember_in_class_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void objmember_in_class_agg_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

struct HaloPairT {
    int count;
    float *lo;
    float *hi;
};

struct HaloRefsT {
    float *lo2;
    float *hi2;
};

struct HaloCopyT {
    float *lo3;
    float *hi3;
};

class HaloGridT {
public:
    float *cur_;
    float *next_;
    int n_;
    HaloGridT(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        cudaMalloc(&next_, n * sizeof(float));
    }
    void step() { objmember_in_class_twin<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

class HaloAggT {
public:
    float *src_;
    float *dst_;
    int m_;
    void step() { objmember_in_class_agg_twin<<<m_ / 256, 256>>>(src_, dst_, m_); }
};

int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    HaloPairT s{n, d, d};
    objmember_agg_twin<<<n / 256, 256>>>(s.lo, s.hi, n);
    HaloCopyT c;
    cudaMalloc(&c.lo3, n * sizeof(float));
    c.hi3 = c.lo3;
    objmember_assigned_twin<<<n / 256, 256>>>(c.lo3, c.hi3, n);
    HaloRefsT t;
    HaloRefsT *pt = &t;
    pt->lo2 = d;
    pt->hi2 = d;
    objmember_through_ptr_twin<<<n / 256, 256>>>(t.lo2, t.hi2, n);
    HaloGridT g(n);
    g.next_ = g.cur_;
    g.step();
    HaloAggT a{d, d, n};
    a.step();
    return 0;
}
