// expect-verdict: racy
//--blockDim=256 --gridDim=8
// __mul24(a, b) is the low 32 bits of the product of the low 24 bits of a
// and b: defined for all operands, it wraps (no signed overflow to assume
// away). tid = 0 and tid = 1024 both get h = 0 (1024 * 2^22 = 2^32).
// (Reported by the session-6 soundness review.)

__global__ void mul24_hash(int *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int h = __mul24(tid, 1 << 22);
    out[(unsigned)h] = tid; //~ race write-write
}
