// expect-verdict: racy
// Launch sizes the host code does not give as constants: a `dim3`
// parameter, a `dim3` set through references, `dim3` members set by a
// constructor, and a structured binding that hides a global of the same
// name. Each kernel writes out[threadIdx.x] (one block of 256 threads would
// be race-free); the program launches several blocks, or a 2-D block.
#include <utility>

__global__ void grid_param(int *out) {
    out[threadIdx.x] = blockIdx.x; //~ race write-write
}
__global__ void grid_by_reference(int *out) {
    out[threadIdx.x] = blockIdx.x; //~ race write-write
}
__global__ void grid_member(int *out) {
    out[threadIdx.x] = blockIdx.x; //~ race write-write
}
__global__ void block_structured(int *out) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.y; //~ race write-write
}

void launch(dim3 grid, int *d) { grid_param<<<grid, 256>>>(d); }

void configure(dim3 &g, dim3 &b, int n) {
    b = dim3(256);
    g = dim3((n + 255) / 256);
}

struct Runner {
    dim3 grid, block;
    Runner(int n) : grid((n + 255) / 256), block(256) {}
    void run(int *d) { grid_member<<<grid, block>>>(d); }
};

int threads = 256;
std::pair<dim3, dim3> plan(int n) { return {dim3(n / 256), dim3(16, 16)}; }

int main() {
    int *d;
    launch(dim3(8), d);
    dim3 grid, block;
    configure(grid, block, 1 << 20);
    grid_by_reference<<<grid, block>>>(d);
    Runner r(1 << 20);
    r.run(d);
    auto [blocks, threads] = plan(1 << 20);
    block_structured<<<blocks, threads>>>(d);
    return 0;
}
