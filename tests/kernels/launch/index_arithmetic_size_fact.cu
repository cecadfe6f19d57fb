// expect-verdict: race-free
// Planes of N elements at d[id], d[id + N], d[id + 2 * N] in a grid-stride
// loop over id < N (size_t N). `id + N` is no index term (id is a loop
// counter), so only `2 * N` fitting 64 bits keeps `id + N` from wrapping
// onto d[id'] of another thread; that fact is about sizes only (no thread
// or block id), so the index-arithmetic assumption holds it for the path
// of a thread that reaches d[id + 2 * N], not only for that access's own
// races (index_arithmetic_size_fact_racy.cu: planes that do overlap).
#include <cstddef>

__global__ void three_planes(float *d, const float *s, const size_t N, float k) {
    for (size_t id = (size_t)blockIdx.x * blockDim.x + threadIdx.x; id < N;
         id += blockDim.x * gridDim.x) {
        d[id] = d[id] - k * s[id];
        d[id + N] = d[id + N] - k * s[id + N];
        d[id + 2 * N] = d[id + 2 * N] - k * s[id + 2 * N];
    }
}
