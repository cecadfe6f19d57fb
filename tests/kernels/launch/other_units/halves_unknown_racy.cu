// expect-verdict: racy
// Racy twin of halves.cu: main.cpp calls halves_entry_unknown with a size
// read at run time: the half is unknown.

__global__ void swap_halves_unknown(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v; //~ race write-write
    pair[threadIdx.x + half] = -v; //~ race write-write
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
