// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// A function object (`Lcg rng(seed); rng()`): its `operator()` runs on the
// object and updates its state.

struct Lcg {
    unsigned state;
    __device__ Lcg(unsigned seed) { state = seed; }
    __device__ float operator()() {
        state = state * 1664525u + 1013904223u;
        return (state & 0xffffff) / 16777216.0f;
    }
};

__global__ void noise(float *out, int samples) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Lcg rng(i * 7u + 1u);
    float acc = 0.0f;
    for (int s = 0; s < samples; s++)
        acc += rng();
    out[i] = acc;
}
