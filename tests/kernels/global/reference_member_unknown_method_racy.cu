// expect-verdict: racy
//--blockDim=128 --gridDim=1
// A class holding a reference to global memory, whose `store` is declared
// but defined elsewhere: the call may write the referent, unordered with
// the other threads' reads of it. Which global memory the reference is
// bound to is not tracked, so the call also races with the writes to `out`.

struct FlagRef {
    int &slot;
    __device__ FlagRef(int &r) : slot(r) {}
    __device__ void store(int v);
};

__global__ void publish(int *flag, int *out) {
    if (threadIdx.x == 0) {
        FlagRef r(*flag);
        r.store(1); //~ race write-read, race read-write, race write-write
    }
    out[threadIdx.x] = flag[0]; //~ race read-write, race write-read, race write-write
}
