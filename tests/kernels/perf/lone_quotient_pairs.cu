// expect-verdict: race-free
// Compare-and-swap of the two halves of sequences of a length given at run
// time (a bitonic merge step): thread i of sequence q = i / len swaps a[i]
// with a[i + len/2] when i is in the first half. The partner is in the
// second half of the same sequence, where no thread swaps; telling that
// needs `len*q <= i < len*q + len` and the uniqueness of the quotient of
// the two threads' indices by the same symbolic length.

__global__ void half_swap(const int len, const int dir_len, int *a) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    int q = i / len;
    int partner = -1;
    int half = len / 2;
    if (i < len * q + half) partner = i + half;
    bool up = ((q / dir_len) % 2) == 0;
    if (partner != -1) {
        if ((a[i] > a[partner]) == up) {
            int t = a[i];
            a[i] = a[partner];
            a[partner] = t;
        }
    }
}

// The move alone (the racy twin's shape).
__global__ void half_move(const int len, int *a) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    int q = i / len;
    int partner = -1;
    int half = len / 2;
    if (i < len * q + half) partner = i + half;
    if (partner != -1)
        a[partner] = a[i];
}
