// expect-verdict: race-free
// Twin of host_alias_pointer_swap_racy.cu: a ping-pong through a function
// swapping what its two pointer-to-pointer parameters point to
// (`ptrswap_exchange(&a, &b)`) only permutes two allocations; a parameter
// pack forwarded to a kernel whose pointers have different element sizes
// passes no buffer as both.
template <typename T> void ptrswap_exchange(T **x, T **y) {
    T *t = *x;
    *x = *y;
    *y = t;
}

__global__ void ptrswap_pingpong(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

__global__ void ptrswap_pack(const double *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = (float)in[i + 1];
    }
}

template <typename... A> void ptrswap_forward(int n, A... a) {
    ptrswap_pack<<<n / 256, 256>>>(a...);
}

int main() {
    const int n = 1 << 20;
    float *a, *b;
    double *d;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&d, n * sizeof(double));
    for (int it = 0; it < 10; ++it) {
        ptrswap_pingpong<<<n / 256, 256>>>(a, b, n);
        ptrswap_exchange(&a, &b);
    }
    ptrswap_forward(n, d, a, n);
    return 0;
}
