// expect-verdict(unit_constants_per_thread): racy
// expect-verdict(unknown_type_guard): racy
// expect-verdict(constant_rows_per_block): race-free
// expect-verdict(constant_rows_overlap): racy
// `real` comes from a header that is not there: a type name the checker
// cannot resolve is most often a floating type. Read as `int`, `f / kb / t`
// truncates to 0 and `1 / fort` divides by zero, which is undefined
// behaviour for integers: the path would be dead and its race hidden. The
// unknown type's arithmetic is uninterpreted instead. The third kernel:
// offsets the symbolic execution makes constant (arguments of an inlined
// call under branches on the block) are told apart without a query.
#include "precision_of_this_build.h"

__global__ void unit_constants_per_thread(float *out, real r)
{
    real kb = 8314, f = 96485, t = 310;
    real fort = f / kb / t;
    real e = (1 / fort) * r;
    out[0] = e + threadIdx.x; //~ race write-write
}

__global__ void unknown_type_guard(float *out, real x)
{
    real half = 0.5;
    if (half * x > 1) {
        out[blockIdx.x] = threadIdx.x; //~ race write-write
    }
}

__device__ void rates(float *fin, const float *init, int off)
{
    int o1, o2;
    o1 = off;
    o2 = off + 1;
    float a = init[o1];
    fin[o1] = a * 2.0f; //~ race write-write
    fin[o2] = a - 1.0f; //~ race write-write
}

__global__ void constant_rows_per_block(float *init, float *fin)
{
    int bx = blockIdx.x;
    if (threadIdx.x == 0) {
        if (bx == 0) {
            rates(fin, init, 0);
        } else if (bx == 1) {
            rates(fin, init, 46);
            rates(fin, init, 61);
        }
    }
}

// One row of block 1 starts where block 0's second element is.
__global__ void constant_rows_overlap(float *init, float *fin)
{
    int bx = blockIdx.x;
    if (threadIdx.x == 0) {
        if (bx == 0) {
            rates(fin, init, 0);
        } else if (bx == 1) {
            rates(fin, init, 46);
            rates(fin, init, 1);
        }
    }
}

int main()
{
    constant_rows_per_block<<<2, 32>>>(0, 0);
    constant_rows_overlap<<<2, 32>>>(0, 0);
    return 0;
}
