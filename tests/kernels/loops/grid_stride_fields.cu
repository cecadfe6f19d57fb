// expect-verdict(fields): race-free
// expect-verdict(fields_shifted): racy
// A grid-stride loop over struct elements: each thread owns element `id`
// in every iteration, so `.x` and `.y` of it are its own (decided without
// the solver). The twin reads the neighbouring element, which another
// thread owns.

struct pair2 { float x; float y; };

__global__ void fields(pair2 *c, const int n) {
    for (int id = blockIdx.x * blockDim.x + threadIdx.x; id < n;
         id += blockDim.x * gridDim.x) {
        int j = 3 * id + 1;
        c[j].x = c[j].y;
    }
}

__global__ void fields_shifted(pair2 *c, const int n) {
    for (int id = blockIdx.x * blockDim.x + threadIdx.x; id < n;
         id += blockDim.x * gridDim.x) {
        c[id].y = c[id + 1].y; //~ race read-write
    }
}
