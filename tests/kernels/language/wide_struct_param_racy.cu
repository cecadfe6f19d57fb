// expect-verdict: racy
//--blockDim=64 --gridDim=4
// A by-value struct parameter with more leaves than a local aggregate copied
// leaf by leaf (80 fields): each leaf is a uniform parameter, so its fields
// are read like any parameter's. The racy twin of wide_struct_param.cu.

struct Wide {
    int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9;
    int f10, f11, f12, f13, f14, f15, f16, f17, f18, f19;
    int f20, f21, f22, f23, f24, f25, f26, f27, f28, f29;
    int f30, f31, f32, f33, f34, f35, f36, f37, f38, f39;
    int f40, f41, f42, f43, f44, f45, f46, f47, f48, f49;
    int f50, f51, f52, f53, f54, f55, f56, f57, f58, f59;
    int f60, f61, f62, f63, f64, f65, f66, f67, f68, f69;
    int f70, f71, f72, f73, f74, f75, f76, f77, f78, f79;
    int n;
};

__global__ void use_wide(const Wide w, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < w.n) {
        out[i / 2] = i + w.f3 + w.f79; //~ race write-write
    }
}
