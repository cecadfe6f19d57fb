// expect-verdict: race-free
// Launch arguments that may be one allocation (see README, "distinct pointer
// parameters"): the host code shows it through copies, `?:`, wrappers,
// cudaLaunchKernel's argument array, text-equal calls and base + offset
// views, and the checker makes such parameters one array. Here the
// aliasing is harmless: `scale` touches only its own element, `halves`
// reads the first 1024 elements and writes the next 1024. And where the
// host code gives no evidence (separate allocations, a wrapper's calls
// that never pass one buffer twice, a ping-pong swap) the parameters stay
// distinct: `shift` reads the neighbour's element of the other buffer.
__global__ void scale(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = 2.f * x[i];
    }
}

__global__ void halves(const float *lo, float *hi, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        hi[i] = lo[i];
    }
}

__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

struct Pool {
    float *bufs[4];
};

float *get(Pool &p, int k) { return p.bufs[k]; }

void run_scale(const float *x, float *y, int n) { scale<<<n / 256, 256>>>(x, y, n); }

void run_shift(const float *x, float *y, int n) { shift<<<n / 256, 256>>>(x, y, n); }

int main(int argc, char **argv) {
    int n = 1024;
    float *a, *b;
    cudaMalloc(&a, 2 * n * sizeof(float));
    cudaMalloc(&b, 2 * n * sizeof(float));
    // Copies of one pointer.
    float *src = a;
    float *dst = a;
    scale<<<4, 256>>>(src, dst, n);
    // Either arm of a `?:`.
    float *out = argc > 1 ? a : b;
    scale<<<4, 256>>>(a, out, n);
    // A wrapper called with one buffer twice.
    run_scale(a, a, n);
    // cudaLaunchKernel's argument array.
    void *args[] = {&b, &b, &n};
    cudaLaunchKernel((const void *)scale, dim3(4), dim3(256), args, 0, 0);
    // Text-equal calls.
    Pool pool;
    scale<<<4, 256>>>(get(pool, 0), get(pool, 0), n);
    // Two halves of one allocation.
    halves<<<4, 256>>>(a, a + 1024, 1024);
    halves<<<4, 256>>>(&b[0], &b[1024], 1024);
    // No evidence: separate allocations, a wrapper whose calls pass them
    // in either order, different calls, a ping-pong swap.
    shift<<<4, 256>>>(a, b, n);
    run_shift(a, b, n);
    run_shift(b, a, n);
    shift<<<4, 256>>>(get(pool, 1), get(pool, 2), n);
    float *cur = a, *next = b;
    for (int it = 0; it < 10; it++) {
        shift<<<4, 256>>>(cur, next, n);
        float *t = cur;
        cur = next;
        next = t;
    }
    return 0;
}
