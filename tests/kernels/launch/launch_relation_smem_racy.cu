// expect-verdict: racy
// As launch_relation_smem.cu, but the block is twice the system
// (`2 * system_size` threads): thread t + n + 1 writes a[t + n + 1], which is
// b[t], written by thread t too. And a configuration element that a call may
// take by reference (`pick(c)`) leaves `c` without a relation: the block
// size is then unknown.

__global__ void sys_wide(const float *in, float *out, int n) {
    extern __shared__ float shared[];
    int t = threadIdx.x;
    float *a = shared;
    float *b = &a[n + 1];
    a[t] = in[t]; //~ race write-write
    b[t] = in[t] * 2.f;
}

__global__ void sys_by_reference(const float *in, float *out, int n) {
    extern __shared__ float shared[];
    int t = threadIdx.x;
    float *a = shared;
    float *b = &a[n + 1];
    a[t] = in[t]; //~ race write-write
    b[t] = in[t] * 2.f;
}

int pick(int &c);

void solve(const float *in, float *out, int system_size, int num_systems) {
    sys_wide<<<num_systems, 2 * system_size, (system_size + 1) * 2 * sizeof(float)>>>(in, out, system_size);
    int c = system_size;
    sys_by_reference<<<num_systems, c, pick(c)>>>(in, out, system_size);
}
