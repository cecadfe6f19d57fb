// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// A pointer chosen by an if/else (split by target): both arms set its
// offset to 0, so after the `if` the offset is the constant 0 and the store
// is indexed by the global thread index alone, in every block. Decided
// without the solver (`ir::walk::top_level_fixed_defs`).

__global__ void pointer_chosen_by_branch(float *p, float *q, int flag) {
    float *r;
    if (flag) {
        r = p;
    } else {
        r = q;
    }
    r[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

__global__ void pointer_chosen_by_nested_branch(float *p, float *q, int flag) {
    float *r;
    if (blockIdx.x == 1) {
        if (flag) {
            r = q;
        } else {
            r = p;
        }
    } else {
        r = p;
    }
    r[blockIdx.x * blockDim.x + threadIdx.x] = 2.0f;
}

// An int declared without a value is any value until assigned (the
// declaration havocs it): this one still goes to the solver.
__global__ void int_base_set_in_both_arms(float *out, int flag) {
    int base;
    if (flag) {
        base = 0;
    } else {
        if (threadIdx.x == 0) {
            return;
        }
        base = 0;
    }
    out[base + blockIdx.x * blockDim.x + threadIdx.x] = 3.0f;
}
