// expect-verdict(stfield_share_local): racy
// expect-verdict(stfield_share_assigned): racy
// expect-verdict(stfield_share_two_objects): racy
// expect-verdict(stfield_share_param): racy
// expect-verdict(stfield_share_template): racy
// expect-verdict(stfield_share_address): racy
// expect-verdict(stfield_share_method): racy
// expect-verdict(stfield_share_copy): racy
// The twins of host_struct_fields_apart.cu whose struct members really are
// one buffer: one allocation in both members of a list, a member assigned
// after the list, two objects given one buffer, a member and a parameter
// given one buffer, one host template instantiation of two passing one
// buffer, the object written through a pointer to it, a member function
// storing one member in the other, a copy of the object changed.
struct StfShare {
    const float *in;
    float *out;
    int n;
    void in_place() { in = out; }
};

template <typename T>
struct StfShareTyped {
    T *dst;
    const T *src;
    const int count;
};

__global__ void stfield_share_local(StfShare p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1]; //~ race read-write
    }
}

__global__ void stfield_share_assigned(StfShare p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1]; //~ race read-write
    }
}

__global__ void stfield_share_two_objects(StfShare a, StfShare b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n - 1) {
        a.out[i] = b.out[i + 1]; //~ race read-write
    }
}

__global__ void stfield_share_param(StfShare a, const float *extra) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n - 1) {
        a.out[i] = extra[i + 1]; //~ race read-write
    }
}

__global__ void stfield_share_template(StfShareTyped<float> t) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < t.count - 1) {
        t.dst[i] = t.src[i + 1]; //~ race read-write
    }
}

__global__ void stfield_share_address(StfShare p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1]; //~ race read-write
    }
}

__global__ void stfield_share_method(StfShare p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1]; //~ race read-write
    }
}

__global__ void stfield_share_copy(StfShare p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1]; //~ race read-write
    }
}

template <typename T>
void stfield_share_run(T *x, T *y, int n) {
    StfShareTyped<T> t{x, y, n};
    stfield_share_template<<<t.count / 256, 256>>>(t);
}

int main() {
    const int n = 1 << 20;
    float *d, *e, *f;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    cudaMalloc(&f, n * sizeof(float));
    StfShare p{d, d, n};
    stfield_share_local<<<n / 256, 256>>>(p);
    StfShare q{d, e, n};
    q.out = d;
    stfield_share_assigned<<<n / 256, 256>>>(q);
    StfShare a{f, d, n};
    StfShare b{f, d, n};
    stfield_share_two_objects<<<n / 256, 256>>>(a, b);
    StfShare c{e, d, n};
    stfield_share_param<<<n / 256, 256>>>(c, d);
    stfield_share_run(d, e, n);
    stfield_share_run(d, d, n);
    StfShare r{d, e, n};
    StfShare *pr = &r;
    pr->out = d;
    stfield_share_address<<<n / 256, 256>>>(r);
    StfShare s{d, e, n};
    s.in_place();
    stfield_share_method<<<n / 256, 256>>>(s);
    StfShare t{d, e, n};
    StfShare u = t;
    u.out = d;
    stfield_share_copy<<<n / 256, 256>>>(u);
    return 0;
}
