// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// The race-free twin of flag_read_twice_racy.cu: two reads by one thread of
// memory no statement writes return one value, so no thread stores.

__global__ void flag_changed(const int *flag, int *changed) {
    int before = flag[0];
    int after = flag[0];
    if (before != after)
        changed[blockIdx.x] = (int)threadIdx.x;
}
