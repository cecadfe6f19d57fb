// expect-verdict: racy
// Racy twin of halves.cu: main.cpp calls halves_entry_pointer with 256,
// but also passes its address to another function, which may call it with
// any size: the half is unknown.

__global__ void swap_halves_pointer(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v; //~ race write-write
    pair[threadIdx.x + half] = -v; //~ race write-write
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
