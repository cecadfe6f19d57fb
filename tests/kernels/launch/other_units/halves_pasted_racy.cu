// expect-verdict: racy
// Racy twin of halves.cu: main.cpp calls halves_entry_pasted with 256, and
// paste.cpp with 128 through a name its macro pastes together (the half is
// 64 there, where threads 0 and 64 both write pair[64]).

__global__ void swap_halves_pasted(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v; //~ race write-write
    pair[threadIdx.x + half] = -v; //~ race write-write
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
