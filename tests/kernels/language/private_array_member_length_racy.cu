// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twins of private_array_member_length.cu: the lengths are known the same
// way, and the indices stored are wrong (a stride of 1 for two elements
// per thread, an index without the thread's base).
struct Cfg {
    static constexpr int kItems = 2;
};
struct Policy {
    static const int kItems = 2;
};
template <int B> union Tiles {
    static constexpr int kItems = 2 * B;
    float f;
    int i;
};

__global__ void class_member_overlap(float *out) {
    int idx[Cfg::kItems];
    int base = blockIdx.x * blockDim.x + threadIdx.x;
    idx[0] = base;
    idx[1] = base + 1;
    out[idx[0]] = 1.0f; //~ race write-write
    out[idx[1]] = 2.0f;
}

template <typename P>
__global__ void policy_member_no_base(float *out) {
    int idx[P::kItems];
    idx[0] = 0;
    idx[1] = blockIdx.x * blockDim.x + threadIdx.x + 1;
    out[idx[0]] = (float)threadIdx.x; //~ race write-write
    out[idx[1]] = 2.0f;
}

__global__ void template_union_member_overlap(float *out) {
    int idx[Tiles<1>::kItems];
    int base = blockIdx.x * blockDim.x + threadIdx.x;
    idx[0] = base;
    idx[1] = base + 1;
    out[idx[0]] = 1.0f; //~ race write-write
    out[idx[1]] = 2.0f;
}

int main() {
    float *out;
    cudaMalloc(&out, 16 * 64 * 2 * sizeof(float));
    class_member_overlap<<<16, 64>>>(out);
    policy_member_no_base<Policy><<<16, 64>>>(out);
    template_union_member_overlap<<<16, 64>>>(out);
    cudaDeviceSynchronize();
    return 0;
}
