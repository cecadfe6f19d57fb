// expect-verdict: racy
// Racy twin of halves.cu: main.cpp calls sort_pass_disagree with 128 and
// with 64, so the half is 128 on one pass and 64 on the other, where
// threads 0 and 64 both write pair[64].

__global__ void swap_halves_disagree(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v; //~ race write-write
    pair[threadIdx.x + half] = -v; //~ race write-write
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
