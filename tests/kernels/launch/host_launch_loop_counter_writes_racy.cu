// expect-verdict: racy
// expect-verdict(counted): race-free
// A counting loop's counter bounds the argument from below only when the
// loop body never writes it, in any way (read into with >>, passed by
// reference) and it cannot wrap (a `short` counter up to 40000 wraps to
// negative values). Each kernel lets thread 0 and every other thread write
// s[0] when t < 0.
#include <iostream>

#define BODY                             \
    __shared__ int s[64];                \
    s[threadIdx.x] = t;                  \
    if (t < 0) s[0] = threadIdx.x;       \
    __syncthreads();                     \
    out[threadIdx.x] = s[threadIdx.x];

__global__ void read_into(int *out, int t) {
    BODY //~ race write-write
}
__global__ void counter_by_reference(int *out, int t) {
    BODY //~ race write-write
}
__global__ void narrow(int *out, int t) {
    BODY //~ race write-write
}
__global__ void counted(int *out, int t) {
    BODY
}

void shift(int &x, int by) { x += by; }

int main() {
    int *d;
    for (int t = 0; t < 4; t++) {
        std::cin >> t;
        read_into<<<1, 64>>>(d, t);
    }
    for (int t = 0; t < 4; t++) {
        shift(t, -1);
        counter_by_reference<<<1, 64>>>(d, t);
        shift(t, 1);
    }
    for (short t = 0; t < 40000; t++) {
        narrow<<<1, 64>>>(d, t);
    }
    for (int t = 0; t < 4; t++) {
        counted<<<1, 64>>>(d, t);
    }
    return 0;
}
