// expect-verdict: racy
// The kernel of offsets_from_base.cu launched with pointers into an
// allocation: `d + 8`, `&d[8]` and a host pointer moved by arithmetic
// (`int *mid = d + 8`, `q += 8`). Then a[-1] is a valid element (d[7]) and
// threads 0 and 1 both write it with n = -1: the offsets-from-base
// assumption is dropped for the parameter of such a launch.

__global__ void plus_offset(int *a, int n) {
    if (threadIdx.x == 0)
        a[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        a[2 * n + 1] = 1;
}

__global__ void address_of_element(int *a, int n) {
    if (threadIdx.x == 0)
        a[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        a[2 * n + 1] = 1;
}

__global__ void moved_name(int *a, int n) {
    if (threadIdx.x == 0)
        a[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        a[2 * n + 1] = 1;
}

__global__ void moved_in_place(int *a, int n) {
    if (threadIdx.x == 0)
        a[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        a[2 * n + 1] = 1;
}

void run(int *d, int *q, int n) {
    plus_offset<<<1, 64>>>(d + 8, n);
    address_of_element<<<1, 64>>>(&d[8], n);
    int *mid = d + 8;
    moved_name<<<1, 64>>>(mid, n);
    q += 8;
    moved_in_place<<<1, 64>>>(q, n);
    // One launch with a whole pointer does not make the others whole.
    plus_offset<<<1, 64>>>(d, n);
}
