// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// Lambdas held in locals and called, as kernels written with them do: the
// body sees the names in scope where the lambda is written. A by-copy
// capture is the value the variable had then ([expr.prim.lambda.capture]:
// the closure's member is initialised when the lambda expression is
// evaluated), so `own()` is still the thread's index after `i` is reset.
// A by-reference capture writes the caller's object (the tile), a generic
// lambda takes its argument's type, the `switch` of the offset lambda
// deduces `long`, and `[&] { .. }()` runs where it is written.

__global__ void lambdas(float *out, float *wide, long *offsets, long stride) {
    __shared__ float tile[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    auto own = [=]() { return i; };
    i = 0;
    out[own()] = 1.0f;

    auto put = [&](int k, float v) { tile[k] = v; };
    put(threadIdx.x, 2.0f);
    __syncthreads();
    auto twice = [](auto k) { return 2 * k; };
    wide[twice(own())] = tile[63 - threadIdx.x];

    auto row_start = [=](long row, int layout) {
        switch (layout) {
        case 0:
            return row * 2;
        default:
            return row * 2 + 1;
        }
    };
    offsets[row_start(own(), 0)] = stride;
    [&] { wide[twice(own()) + 1] = 3.0f; }();
}

// A lambda calling a lambda it captured, with a trailing return type.
__global__ void nested(float *out) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    auto base = [=](int k) -> int { return 4 * k; };
    auto slot = [=](int j) -> int { return base(gid) + j; };
    for (int j = 0; j < 4; j++) {
        out[slot(j)] = (float)j;
    }
}
