// expect-verdict: racy
// Racy twin of pair_kernels.cu: its includer pair_scan_reincluded.cpp calls
// the wrapper with HALF, 128 when compiled on its own, but
// main_reincluded.cpp defines HALF as 64 and includes it: that program's
// threads 0 and 64 both write pair[64]. An includer that is itself included
// is not wholly this unit's, so its calls do not pin the half.

__global__ void swap_halves_reincluded(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v; //~ race write-write
    pair[threadIdx.x + half] = -v; //~ race write-write
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
