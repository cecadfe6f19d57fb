// expect-verdict: race-free
// Entries of pointer tables that the host scan keeps apart (see README,
// "distinct pointer parameters"): each table's entries hold distinct
// allocations (one allocation call per entry, or distinct buffers stored at
// distinct constant indices) and the two entries of each launch are read in
// one statement that writes nothing, at indices that differ at every value
// of their base. `shift` reads the neighbour's element of `in`, so it is
// race-free only while `in` and `out` are two arrays; the host_table_*_racy
// twins break one of these conditions each.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

void run(const float *in, float *out, int n) { shift<<<n / 256, 256>>>(in, out, n); }

int main(int argc, char **argv) {
    const int n = 1 << 20;
    // Ping-pong buffers: one allocation call per entry.
    float *bufs[2];
    cudaMalloc(&bufs[0], n * sizeof(float));
    cudaMalloc((void **)&bufs[1], n * sizeof(float));
    int cur = 0;
    for (int it = 0; it < 10; it++) {
        shift<<<dim3(n / 256), dim3(256)>>>(bufs[cur], bufs[cur ^ 1], n);
        float *src = bufs[cur], *dst = bufs[1 - cur];
        shift<<<n / 256, 256>>>(src, dst, n);
        run(bufs[!cur], bufs[cur], n);
        cur ^= 1;
    }
    // A chain of stages, each allocated in a loop.
    float *stage[4];
    for (int k = 0; k < 4; k++) {
        cudaMalloc(&stage[k], n * sizeof(float));
    }
    for (int k = 1; k < 4; k++) {
        shift<<<n / 256, 256>>>(stage[k - 1], stage[k], n);
    }
    // Distinct buffers stored at distinct indices.
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    float *pair[2] = {a, b};
    float *other[2];
    other[0] = b;
    other[1] = a;
    for (int it = 0; it < 10; it++) {
        shift<<<n / 256, 256>>>(pair[it % 2], pair[1 - it % 2], n);
        shift<<<n / 256, 256>>>(other[0], other[1], n);
    }
    return 0;
}
