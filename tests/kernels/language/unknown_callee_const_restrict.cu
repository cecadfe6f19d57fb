// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// `load` is declared but not defined here (another translation unit). The
// data behind a `const float *__restrict__` kernel parameter is read-only
// while the kernel runs (C11 6.7.3.1p4; CUDA may read it through the
// read-only cache), so the call only reads `in`; each thread then writes
// its own element of `out`.

__device__ float load(const float *p, int i);

__global__ void bodiless_reader(const float *__restrict__ in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = load(in, i);
    out[i] = v + in[i];
}
