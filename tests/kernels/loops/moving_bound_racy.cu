// expect-verdict: racy
//--blockDim=32 --gridDim=1
// Loop conditions that do not bound their counter: the sum `c + e` or the
// bound `lim` moves with the counter, or an `unsigned` counter is tested as
// `int` (negative from 2^31 on). Each counter wraps around and a thread
// reaches its neighbour's cells.

__global__ void moving_addend(int *a) {
    int e = 0;
    for (unsigned char c = 200; c + e < 255; c++) {
        a[1000 + threadIdx.x * 56 + (c - 200)] = threadIdx.x; //~ race write-write
        e -= 1;
        if (e < -100)
            break;
    }
}

__global__ void moving_limit(int *a) {
    int lim = 255, it = 0;
    for (unsigned char c = 200; c < lim; c++) {
        a[1000 + threadIdx.x * 56 + (c - 200)] = threadIdx.x; //~ race write-write
        lim++;
        if (++it == 101)
            break;
    }
}

__global__ void unsigned_tested_as_int(int *a, int k) {
    int it = 0;
    for (unsigned u = 1u << 30; (int)u + k < (1 << 30) + 1; u += 1u << 30) {
        a[threadIdx.x * 3 + (u >> 30) + (it == 3 ? 4 : 0) - 1] = threadIdx.x; //~ race write-write
        if (++it == 4)
            break;
    }
}
