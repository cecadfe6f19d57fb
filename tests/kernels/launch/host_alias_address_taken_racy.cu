// expect-verdict(addrtaken_ptrptr_twin): racy
// expect-verdict(addrtaken_memcpy_twin): racy
// expect-verdict(addrtaken_setter_twin): racy
// expect-verdict(addrtaken_copy_fn_twin): racy
// expect-verdict(addrtaken_hostptr_twin): racy
// expect-verdict(addrtaken_opaque_twin): racy
// expect-verdict(addrtaken_ref_twin): racy
// expect-verdict(addrtaken_tie_twin): racy
// expect-verdict(addrtaken_pingpong_twin): racy
// A pointer variable whose address is used to store into it holds what is
// stored: through a pointer-to-pointer (`float **pb = &b; *pb = a;`), a byte
// copy (`memcpy(&b, &a, ..)`), a function storing through its parameter,
// two device pointers of one mapped host buffer, a reference bound to it,
// `std::tie`; a function out of view may store anything. Each launch passes
// one buffer twice (before session 60 each `&b` made `b` a fresh
// allocation).
#include <cstring>
#include <tuple>
#include <utility>

void addrtaken_set_out(float **p, float *q) { *p = q; }
void addrtaken_copy_ptr(float **x, float **y) { *y = *x; }
void addrtaken_opaque(float **p);

__global__ void addrtaken_ptrptr_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_memcpy_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_setter_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_copy_fn_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_hostptr_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_opaque_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_ref_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_tie_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void addrtaken_pingpong_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

void addrtaken_run_0(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    float **pb = &b;
    *pb = a;
    addrtaken_ptrptr_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_1(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    memcpy(&b, &a, sizeof(float *));
    addrtaken_memcpy_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_2(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    addrtaken_set_out(&b, a);
    addrtaken_setter_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_3(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    addrtaken_copy_ptr(&a, &b);
    addrtaken_copy_fn_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_4(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    cudaHostGetDevicePointer((void **)&a, h, 0);
    cudaHostGetDevicePointer((void **)&b, h, 0);
    addrtaken_hostptr_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_5(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    addrtaken_opaque(&b);
    addrtaken_opaque_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_6(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    float *&rb = b;
    rb = a;
    addrtaken_ref_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_7(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    std::tie(a, b) = std::make_pair(b, b);
    addrtaken_tie_twin<<<n / 256, 256>>>(a, b, n);
}

void addrtaken_run_8(int n) {
    float *a, *b, *h;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
    float **pb = &b;
    *pb = a;
    for (int it = 0; it < 10; ++it) {
        addrtaken_pingpong_twin<<<n / 256, 256>>>(a, b, n);
        std::swap(a, b);
    }
}

int main() {
    const int n = 1 << 20;
    addrtaken_run_0(n);
    addrtaken_run_1(n);
    addrtaken_run_2(n);
    addrtaken_run_3(n);
    addrtaken_run_4(n);
    addrtaken_run_5(n);
    addrtaken_run_6(n);
    addrtaken_run_7(n);
    addrtaken_run_8(n);
    return 0;
}
