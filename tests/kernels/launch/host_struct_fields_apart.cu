// expect-verdict(stfield_apart_local): race-free
// expect-verdict(stfield_apart_assigned): race-free
// expect-verdict(stfield_apart_two_objects): race-free
// expect-verdict(stfield_apart_param): race-free
// expect-verdict(stfield_apart_template): race-free
// A struct passed by value whose pointer members hold distinct allocations:
// the kernel's parameter is a copy of a local object that nothing but its
// own name reaches (no `&obj`, copy, or reference to a member), whose
// members the host sets from distinct `cudaMalloc`s (an aggregate list,
// member assignments, a host function template). Each launch shows the
// pointers apart, as it would for `k<<<..>>>(o.in, o.out)`. Before session
// 61 every pointer in a struct parameter was taken as one array with every
// other pointer, and each kernel below was racy. See
// host_struct_fields_apart_racy.cu for the launches that pass one buffer.
struct StfPair {
    const float *in;
    float *out;
    int n;
};

template <typename T>
struct StfTyped {
    T *dst;
    const T *src;
    const int count;
};

__global__ void stfield_apart_local(StfPair p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1];
    }
}

__global__ void stfield_apart_assigned(StfPair p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1];
    }
}

// Two objects of one class: their members are two objects' members.
__global__ void stfield_apart_two_objects(StfPair a, StfPair b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n - 1) {
        a.out[i] = b.out[i + 1];
    }
}

// A member and a plain pointer parameter.
__global__ void stfield_apart_param(StfPair a, const float *extra) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n - 1) {
        a.out[i] = extra[i + 1] + a.in[i];
    }
}

__global__ void stfield_apart_template(StfTyped<float> t) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < t.count - 1) {
        t.dst[i] = t.src[i + 1];
    }
}

template <typename T>
void stfield_run(int n) {
    T *x, *y;
    cudaMalloc(&x, n * sizeof(T));
    cudaMalloc(&y, n * sizeof(T));
    StfTyped<T> t{x, y, n};
    stfield_apart_template<<<t.count / 256, 256>>>(t);
    cudaFree(x);
    cudaFree(y);
}

int main() {
    const int n = 1 << 20;
    float *d, *e, *f, *g;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&g, n * sizeof(float));
    StfPair p{d, e, n};
    stfield_apart_local<<<n / 256, 256>>>(p);
    StfPair q;
    q.in = e;
    q.out = f;
    q.n = n;
    stfield_apart_assigned<<<n / 256, 256>>>(q);
    StfPair a{g, d, n};
    StfPair b{g, e, n};
    stfield_apart_two_objects<<<n / 256, 256>>>(a, b);
    StfPair c{d, e, n};
    stfield_apart_param<<<n / 256, 256>>>(c, f);
    stfield_run<float>(n);
    return 0;
}
