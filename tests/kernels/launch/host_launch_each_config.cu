// expect-verdict: racy
// Two launches of one kernel: with one block it is race-free, with two
// blocks the threads of different blocks write the same element. Each
// distinct launch configuration is checked; the race names its launch.

__global__ void by_thread(int *slots) {
    slots[threadIdx.x] = blockIdx.x; //~ race write-write
}

void run(int *slots) {
    const int threads = 64;
    by_thread<<<1, threads>>>(slots);
    by_thread<<<2, threads>>>(slots);
}
