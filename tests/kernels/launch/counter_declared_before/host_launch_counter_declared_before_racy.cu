// expect-verdict: racy
// expect-verdict(plain): race-free
// A counter declared before its loop bounds the argument only where nothing
// can write it unseen between the condition and the launch: a pointer to it
// (`p`), a reference (`r`), a lambda capturing it by reference, a `static`
// (another call may run meanwhile: here one that never runs, but the
// scanner does not follow calls), a write in the body, a jump into the body
// that skips the header's assignment (`goto`, a `case` label). Each kernel lets
// every thread write s[0] when t < 0; `plain` shows the same loop with none
// of them.
#define BODY                             \
    __shared__ int s[64];                \
    s[threadIdx.x] = t;                  \
    if (t < 0) s[0] = threadIdx.x;       \
    __syncthreads();                     \
    out[threadIdx.x] = s[threadIdx.x];

__global__ void through_pointer(int *out, int t) {
    BODY //~ race write-write
}
__global__ void through_reference(int *out, int t) {
    BODY //~ race write-write
}
__global__ void through_lambda(int *out, int t) {
    BODY //~ race write-write
}
__global__ void written_in_body(int *out, int t) {
    BODY //~ race write-write
}
__global__ void jumped_into(int *out, int t) {
    BODY //~ race write-write
}
__global__ void switched_into(int *out, int t) {
    BODY //~ race write-write
}
__global__ void plain(int *out, int t) {
    BODY
}

void jumps(int *d, int argc) {
    int i = -argc;
    if (argc > 1)
        goto inside;
    for (i = 0; i < 4; i++) {
    inside:
        jumped_into<<<1, 64>>>(d, i);
    }
}

void duff(int *d, int argc) {
    int j = -argc;
    switch (argc) {
    case 0:
        for (j = 0; j < 4; j++) {
        case 2:
            switched_into<<<1, 64>>>(d, j);
        }
    }
}

int main(int argc, char **argv) {
    int *d;
    int a = 0;
    int *p = &a;
    for (a = 0; a < 4; a++) {
        *p = -argc;
        through_pointer<<<1, 64>>>(d, a);
    }
    int b = 0;
    int &r = b;
    for (b = 0; b < 4; b++) {
        r = -argc;
        through_reference<<<1, 64>>>(d, b);
    }
    int c = 0;
    auto lower = [&]() { c = -argc; };
    for (c = 0; c < 4; c++) {
        lower();
        through_lambda<<<1, 64>>>(d, c);
    }
    int e;
    for (e = 0; e < 4; e++) {
        written_in_body<<<1, 64>>>(d, e);
        e -= argc;
    }
    int f, g = 0;
    for (f = 0; f < 4; f++) {
        g += f;
        plain<<<1, 64>>>(d, f);
    }
    jumps(d, argc);
    duff(d, argc);
    return g;
}
