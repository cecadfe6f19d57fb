// expect-verdict: racy
//--blockDim=256 --gridDim=1
// Near misses of reread_own_cell.cu: the repeated read is not a repeat, or the
// rounds are not separated.

// The first read is of the next cell: cell t may be non-zero and still be
// written in round t while the others read it.
__global__ void first_read_elsewhere(int *flags) {
    __shared__ int cell[256];
    unsigned t = threadIdx.x;
    cell[t] = flags[t];
    __syncthreads();
    for (unsigned k = 0; k < 256; ++k) {
        if (cell[(t + 1) % 256] == 0) { //~ race read-write
            if (cell[k] != 0) { //~ race read-write
                cell[t] = (int)k + 1; //~ race write-read, race write-read
            }
        }
        __syncthreads();
    }
    flags[t] = cell[t];
}

// The first read sees one byte of the cell: a cell of 256 reads 0 there.
__global__ void first_read_narrower(int *flags) {
    __shared__ int cell[256];
    unsigned t = threadIdx.x;
    cell[t] = flags[t];
    __syncthreads();
    for (unsigned k = 0; k < 256; ++k) {
        if (((char *)cell)[4 * t] == 0) {
            if (cell[k] != 0) { //~ race read-write
                cell[t] = (int)k + 1; //~ race write-read
            }
        }
        __syncthreads();
    }
    flags[t] = cell[t];
}

// No barrier closes a round: thread t's store of round k races with the
// others' reads of cell t in later rounds.
__global__ void rounds_not_separated(int *flags) {
    __shared__ int cell[256];
    unsigned t = threadIdx.x;
    cell[t] = flags[t];
    __syncthreads();
    for (unsigned k = 0; k < 256; ++k) {
        if (cell[t] == 0) {
            if (cell[k] != 0) { //~ race read-write
                cell[t] = (int)k + 1; //~ race write-read
            }
        }
    }
    __syncthreads();
    flags[t] = cell[t];
}
