// expect-verdict: race-free
//--blockDim=256 --gridDim=1
// Repeated reads of one thread return one value when nothing between them
// synchronises or writes the array (`own_write::repeated_reads`): here thread
// t writes its own cell only when the cell reads 0 and cell k reads non-zero,
// so in round k == t it would need cell t to read 0 and non-zero at once.

__global__ void mark_after_round(int *flags) {
    __shared__ int cell[256];
    unsigned t = threadIdx.x;
    cell[t] = flags[t];
    __syncthreads();
    for (unsigned k = 0; k < 256; ++k) {
        if (cell[t] == 0) {
            if (cell[k] != 0) {
                cell[t] = (int)k + 1;
            }
        }
        __syncthreads();
    }
    flags[t] = cell[t];
}

// Cells of a 16 x 16 grid: the cell is read again in round k == x (its row)
// and k == y (its column), the latter behind `&&`, so that read repeats both
// earlier ones.
__global__ void mark_pairs(int *flags, int width) {
    __shared__ int grid2[16][16];
    unsigned x = threadIdx.x % 16, y = threadIdx.x / 16;
    grid2[y][x] = flags[threadIdx.x];
    __syncthreads();
    for (unsigned k = 0; k < 16; ++k) {
        if (grid2[y][x] == 0) {
            if (grid2[y][k] != 0 && grid2[k][x] != 0) {
                grid2[y][x] = width;
            }
        }
        __syncthreads();
    }
    flags[threadIdx.x] = grid2[y][x];
}

// The same in one condition.
__global__ void mark_pairs_one_condition(int *flags, int width) {
    __shared__ int grid2[16][16];
    unsigned x = threadIdx.x % 16, y = threadIdx.x / 16;
    grid2[y][x] = flags[threadIdx.x];
    __syncthreads();
    for (unsigned k = 0; k < 16; ++k) {
        if (grid2[y][x] == 0 && grid2[y][k] != 0 && grid2[k][x] != 0) {
            grid2[y][x] = width;
        }
        __syncthreads();
    }
    flags[threadIdx.x] = grid2[y][x];
}
