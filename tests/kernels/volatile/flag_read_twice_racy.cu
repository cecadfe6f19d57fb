// expect-verdict: racy
//--blockDim=128 --gridDim=4
// Two reads of a volatile flag by one thread may return two values (the
// host may store in between): the threads that see a change all store to
// one element.

__global__ void flag_changed(volatile int *flag, int *changed) {
    int before = flag[0];
    int after = flag[0];
    if (before != after)
        changed[blockIdx.x] = (int)threadIdx.x; //~ race write-write
}
