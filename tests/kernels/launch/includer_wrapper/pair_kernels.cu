// expect-verdict: race-free
// A kernel file included by pair_scan.cpp, the only file that includes it,
// which defines a wrapper and calls it with a half of 128: the
// unit holds the whole of pair_scan.cpp, so that call is every call of the
// wrapper (no other file of the folder names it), and the two halves of the
// pair buffer stay apart. (The includer once counted as another caller: the
// half was unknown, and the same launch was listed twice.)

__global__ void swap_halves(float *data, unsigned int half) {
    __shared__ float pair[256];
    float v = data[threadIdx.x];
    pair[threadIdx.x] = v;
    pair[threadIdx.x + half] = -v;
    __syncthreads();
    data[threadIdx.x] = pair[255 - threadIdx.x];
}
