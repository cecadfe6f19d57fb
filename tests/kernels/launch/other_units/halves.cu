// expect-verdict: race-free
// The half reaches the launch through wrappers in three units of the
// program: main.cpp calls sort_pass(d, 128) (defined in step.cpp, declared
// in halves.h), which calls halves_entry(d, n * 2) (defined in
// halves_host.cpp, the includer of this file), which calls
// run_halves(d, n / 2). Every call of each wrapper in the folder passes
// one constant, so the half is 128 and the two halves of the pair buffer
// stay apart.

__global__ void swap_halves_units(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v;
    pair[threadIdx.x + half] = -v;
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
