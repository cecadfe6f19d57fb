// expect-verdict(ptrswap_pingpong_twin): racy
// expect-verdict(ptrswap_pack_twin): racy
// A ping-pong through a pointer swap function after `b = a` passes one
// buffer twice; a parameter pack forwarded to a kernel (`k<<<..>>>(a...)`)
// may pass one buffer as two pointers of one element size (before session 60
// the pack was read as the first argument only and the kernel kept the
// distinct-parameters assumption).
void ptrswap_exchange_twin(float **x, float **y) {
    float *t = *x;
    *x = *y;
    *y = t;
}

__global__ void ptrswap_pingpong_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void ptrswap_pack_twin(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

template <typename... A> void ptrswap_forward_twin(A... a) {
    ptrswap_pack_twin<<<(1 << 20) / 256, 256>>>(a...);
}

int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    b = a;
    for (int it = 0; it < 10; ++it) {
        ptrswap_pingpong_twin<<<n / 256, 256>>>(a, b, n);
        ptrswap_exchange_twin(&a, &b);
    }
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    ptrswap_forward_twin(d, d, n);
    return 0;
}
