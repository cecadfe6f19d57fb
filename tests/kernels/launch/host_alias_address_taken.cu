// expect-verdict: race-free
// Twin of host_alias_address_taken_racy.cu: addresses of pointer variables
// taken by allocations (behind casts, or in a wrapper passing its parameter
// to `cudaMalloc`), by an argument array read only by `cudaLaunchKernel`, by
// reads (`cudaMemcpyToSymbol`, `*pa` read), or used to store another
// allocation keep the two buffers of each launch apart.
#include <cstdio>
#include <cstring>
#include <utility>

__device__ float *addrfree_sym;

void addrfree_alloc(float **p, int n) { cudaMalloc(p, n * sizeof(float)); }
void addrfree_set_out(float **p, float *q) { *p = q; }

__global__ void addrfree_casts(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void addrfree_wrapper_alloc(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void addrfree_args_array(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void addrfree_read_through(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void addrfree_stored_other(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void addrfree_pingpong(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

void addrfree_run_0(int n) {
    float *a, *b, *e;
    cudaMalloc((void **)&a, n * sizeof(float));
    cudaMalloc(reinterpret_cast<void **>(&b), n * sizeof(float));
    addrfree_casts<<<n / 256, 256>>>(a, b, n);
}

void addrfree_run_1(int n) {
    float *a, *b, *e;
    addrfree_alloc(&a, n);
    addrfree_alloc(&b, n);
    addrfree_wrapper_alloc<<<n / 256, 256>>>(a, b, n);
}

void addrfree_run_2(int n) {
    float *a, *b, *e;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    void *args[] = {&a, &b, &n};
    cudaLaunchKernel((void *)addrfree_args_array, dim3(n / 256), dim3(256), args, 0, 0);
}

void addrfree_run_3(int n) {
    float *a, *b, *e;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMemcpyToSymbol(addrfree_sym, &a, sizeof(float *));
    float **pa = &a;
    printf("%p\n", (void *)*pa);
    addrfree_read_through<<<n / 256, 256>>>(a, b, n);
}

void addrfree_run_4(int n) {
    float *a, *b, *e;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    addrfree_set_out(&b, e);
    memcpy(&b, &e, sizeof(float *));
    float *&rb = b;
    rb = e;
    addrfree_stored_other<<<n / 256, 256>>>(a, b, n);
}

void addrfree_run_5(int n) {
    float *a, *b, *e;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    float **pb = &b;
    if (pb) {
        printf("%p\n", (void *)*pb);
    }
    for (int it = 0; it < 10; ++it) {
        addrfree_pingpong<<<n / 256, 256>>>(a, b, n);
        std::swap(a, b);
    }
}

int main() {
    const int n = 1 << 20;
    addrfree_run_0(n);
    addrfree_run_1(n);
    addrfree_run_2(n);
    addrfree_run_3(n);
    addrfree_run_4(n);
    addrfree_run_5(n);
    return 0;
}
