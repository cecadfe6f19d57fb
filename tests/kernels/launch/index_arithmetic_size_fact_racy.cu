// expect-verdict: racy
// index_arithmetic_size_fact.cu with a third plane one element early: it
// overlaps the second (thread 0 writes d[2 * N - 1] as the third plane,
// thread N - 1 as the second), whatever the size facts say.
#include <cstddef>

__global__ void overlapping_planes(float *d, const size_t N, float k) {
    for (size_t id = (size_t)blockIdx.x * blockDim.x + threadIdx.x; id < N;
         id += blockDim.x * gridDim.x) {
        d[id + N] = k; //~ race write-write
        d[id + 2 * N - 1] = k + 1.0f;
    }
}
