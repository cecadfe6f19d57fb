// expect-verdict: racy
// The block size is read at run time (`std::cin >> threads`): the launch gives
// no constant, the block stays symbolic, and a block of more than 64 threads
// overruns the 64-slot shared buffer's halo read.

__global__ void shift(int *out) {
    __shared__ int buf[65];
    buf[threadIdx.x] = threadIdx.x; //~ race write-read
    out[threadIdx.x] = buf[threadIdx.x + 1]; //~ race read-write
}

int main() {
    int threads = 64;
    std::cin >> threads;
    shift<<<1, threads>>>(0);
}
