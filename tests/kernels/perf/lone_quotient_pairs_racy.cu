// expect-verdict: racy
// As lone_quotient_pairs.cu with the first half taken one element too long
// (`<=`): with len = 4, thread 2 (the middle of sequence 0) moves a[2] to
// a[4] while thread 0 moves a[0] to a[2].

__global__ void half_move_long(const int len, int *a) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    int q = i / len;
    int partner = -1;
    int half = len / 2;
    if (i <= len * q + half) partner = i + half;
    if (partner != -1)
        a[partner] = a[i]; //~ race
}
