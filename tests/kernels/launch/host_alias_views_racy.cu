// expect-verdict: racy
// As host_alias_views.cu, but the kernels are not safe in place: thread i
// writes the element thread i + 1 reads through the other parameter (or,
// for the offset views, the element the other view shifts onto). Each
// way the host code shows that two arguments may be one allocation must
// make the parameters one array.
__global__ void k_copy(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void k_ternary(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void k_wrap_same(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void k_api(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void k_call(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

// `out` is `in + 1`: out[i] is in[i + 1], read by thread i + 1.
__global__ void k_offset(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i]; //~ race read-write
    }
}

__global__ void k_wrap_offset(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = 2.f * x[i]; //~ race read-write
    }
}

// Halves that overlap: `hi` starts 1000 elements in, `lo` spans 1024.
__global__ void k_halves(const float *lo, float *hi, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        hi[i] = lo[i]; //~ race read-write
    }
}

// An offset the host does not know: it may be 1.
__global__ void k_symbolic(const float *lo, float *hi, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        hi[i] = lo[i]; //~ race read-write
    }
}

struct Pool {
    float *bufs[4];
};

float *get(Pool &p, int k) { return p.bufs[k]; }

void run_same(const float *x, float *y, int n) { k_wrap_same<<<n / 256, 256>>>(x, y, n); }

void run_offset(const float *x, float *y, int n) { k_wrap_offset<<<n / 256, 256>>>(x, y, n); }

int main(int argc, char **argv) {
    int n = 1024;
    int m = argc;
    float *a, *b;
    cudaMalloc(&a, 4 * n * sizeof(float));
    cudaMalloc(&b, 4 * n * sizeof(float));
    float *src = a;
    float *dst = a;
    k_copy<<<4, 256>>>(src, dst, n);
    float *out = argc > 1 ? a : b;
    k_ternary<<<4, 256>>>(a, out, n);
    run_same(b, b, n);
    void *args[] = {&a, &a, &n};
    cudaLaunchKernel((const void *)k_api, dim3(4), dim3(256), args, 0, 0);
    Pool pool;
    k_call<<<4, 256>>>(get(pool, 0), get(pool, 0), n);
    k_offset<<<4, 256>>>(a + 1, a, n);
    run_offset(b, b + 1, n);
    k_halves<<<4, 256>>>(a, a + 1000, 1024);
    k_symbolic<<<4, 256>>>(b, b + m, 1024);
    return 0;
}
