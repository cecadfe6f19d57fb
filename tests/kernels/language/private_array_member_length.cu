// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// Per-thread arrays whose length is a static constant member of a class
// (`int idx[Cfg::kItems]`), of the class a template parameter is bound to
// (`int idx[P::kItems]`) and of a class template instance whose member is
// computed from its argument (`int idx[Tiles<1>::kItems]`, `2 * B`): the
// length is a constant, so the array's elements are tracked and the indices
// stored in them are the ones read.
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

__global__ void class_member(float *out) {
    int idx[Cfg::kItems];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    idx[0] = base;
    idx[1] = base + 1;
    out[idx[0]] = 1.0f;
    out[idx[1]] = 2.0f;
}

template <typename P>
__global__ void policy_member(float *out) {
    int idx[P::kItems];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    idx[0] = base;
    idx[1] = base + 1;
    out[idx[0]] = 1.0f;
    out[idx[1]] = 2.0f;
}

__global__ void template_union_member(float *out) {
    int idx[Tiles<1>::kItems];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    idx[0] = base;
    idx[1] = base + 1;
    out[idx[0]] = 1.0f;
    out[idx[1]] = 2.0f;
}

int main() {
    float *out;
    cudaMalloc(&out, 16 * 64 * 2 * sizeof(float));
    class_member<<<16, 64>>>(out);
    policy_member<Policy><<<16, 64>>>(out);
    template_union_member<<<16, 64>>>(out);
    cudaDeviceSynchronize();
    return 0;
}
