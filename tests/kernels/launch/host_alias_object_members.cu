// expect-verdict: race-free
// Twin of host_alias_object_members_racy.cu: data members reached through an
// object (`s.lo`, `ps->hi`, an aggregate `S s{d, e}` by position, `g.next_ =
// o` from outside the class) that never receive each other's buffer stay two
// allocations.
__global__ void objmember_agg(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void objmember_alloc(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void objmember_through_ptr(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void objmember_in_class(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

struct HaloPair {
    int count;
    float *lo;
    float *hi;
};

struct HaloRefs {
    float *lo2;
    float *hi2;
};

class HaloGrid {
public:
    float *cur_;
    float *next_;
    int n_;
    HaloGrid(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        cudaMalloc(&next_, n * sizeof(float));
    }
    void step() { objmember_in_class<<<n_ / 256, 256>>>(cur_, next_, n_); }
};

int main() {
    const int n = 1 << 20;
    float *d, *e, *o;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    cudaMalloc(&o, n * sizeof(float));
    HaloPair s{n, d, e};
    objmember_agg<<<n / 256, 256>>>(s.lo, s.hi, n);
    HaloRefs t;
    cudaMalloc(&t.lo2, n * sizeof(float));
    cudaMalloc(&t.hi2, n * sizeof(float));
    objmember_alloc<<<n / 256, 256>>>(t.lo2, t.hi2, n);
    HaloRefs *pt = &t;
    pt->lo2 = d;
    pt->hi2 = o;
    objmember_through_ptr<<<n / 256, 256>>>(t.lo2, t.hi2, n);
    HaloGrid g(n);
    g.next_ = o;
    g.step();
    return 0;
}
