// expect-verdict: race-free
// Modular arithmetic on private values with data-dependent carry checks
// (`if (s < a) s += C;`) inlined many times before the stores: each `if`
// neither returns nor breaks, so the thread's path after it is the path
// before it (one term, not `c ? path : path` per branch, which made every
// later fact carry all the conditions before it: 881k work units before,
// now 37k). The stores of distinct threads are 4 elements apart.
#define MOD 0xffffffff00000001ull

__device__ unsigned long long add_mod(unsigned long long a, unsigned long long b) {
    unsigned long long s = a + b;
    if (s < a) {
        s += 0xffffffffull;
    }
    if (s >= MOD) {
        s -= MOD;
    }
    return s;
}

__device__ void mix(unsigned long long *v) {
    v[0] = add_mod(v[0], v[1]);
    v[1] = add_mod(v[1], v[2]);
    v[2] = add_mod(v[2], v[3]);
    v[3] = add_mod(v[3], v[0]);
}

__global__ void hash_rows(const unsigned long long *__restrict__ in,
                          unsigned long long *__restrict__ out) {
    const size_t idx = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long v[4];
    for (int k = 0; k < 4; k++) {
        v[k] = in[idx * 4 + k];
    }
    mix(v); mix(v); mix(v); mix(v);
    mix(v); mix(v); mix(v); mix(v);
    mix(v); mix(v); mix(v); mix(v);
    mix(v); mix(v); mix(v); mix(v);
    mix(v); mix(v); mix(v); mix(v);
    mix(v); mix(v); mix(v); mix(v);
    mix(v); mix(v); mix(v); mix(v);
    mix(v); mix(v); mix(v); mix(v);
    out[(idx << 2) + 0] = v[0];
    out[(idx << 2) + 1] = v[1];
    out[(idx << 2) + 2] = v[2];
    out[(idx << 2) + 3] = v[3];
}
