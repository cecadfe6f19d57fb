// expect-verdict: racy
// No launch is given: the kernel names its block shape only in its
// precondition. `blockDim.y` is read there, so the unused-dimensions
// assumption (extent 1 in a dimension the kernel never reads) does not
// apply: with blocks of (n, 2) threads, threads (x, 0) and (x, 1) store
// their different ticket values to the same element.

__global__ void tickets(int *out, int *next) {
    __requires(blockDim.y == 2);
    int ticket = atomicAdd(next, 1);
    out[threadIdx.x] = ticket; //~ race write-write
}

// The same with the shape stated by an assertion.
__global__ void tickets_asserted(int *out, int *next) {
    assert(blockDim.y == 2);
    int ticket = atomicAdd(next, 1);
    out[threadIdx.x] = ticket; //~ race write-write
}
