// expect-verdict: racy
// Racy twin of pair_kernels.cu: its includer pair_scan_other.cpp calls the
// wrapper with 128, and other_caller.cpp, another unit of the folder, calls
// it with 64: threads 0 and 64 both write pair[64].

__global__ void swap_halves_other(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v; //~ race write-write
    pair[threadIdx.x + half] = -v; //~ race write-write
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
