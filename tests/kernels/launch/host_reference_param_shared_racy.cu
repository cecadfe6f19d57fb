// expect-verdict(shift): racy
// `get` hands every caller the same pool: shift(pool, pool) in place.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

static float *pool;
static void get(float *&p) { p = pool; }

int main() {
    const int n = 1 << 20;
    cudaMalloc(&pool, n * sizeof(float));
    float *x, *y;
    get(x);
    get(y);
    shift<<<n / 256, 256>>>(x, y, n);
    return 0;
}
