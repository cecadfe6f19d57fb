// expect-verdict(store_operator_vs_plain_read): racy
// expect-verdict(compound_vs_plain_read): racy
// expect-verdict(increment_vs_plain_read): racy
// expect-verdict(load_operator_vs_plain_write): racy
// expect-verdict(referent_is_bound_at_declaration): racy
// expect-verdict(brace_bound_vs_plain_read): racy
// expect-verdict(block_scope_across_blocks): racy
// expect-verdict(passed_by_value): unsupported
// expect-verdict(bound_to_reference): unsupported
// expect-verdict(thread_scope): unsupported
// Twins of atomic_ref_operators.cu: each operator is an atomic access of
// the referent, so a plain access of it by another thread races; uses the
// front end cannot follow (a copy passed to a function, a reference to the
// object, an `atomic_ref` of thread scope) are unsupported.
#include <cuda/atomic>

__global__ void store_operator_vs_plain_read(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    r = threadIdx.x;
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0]; //~ race
}

__global__ void compound_vs_plain_read(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    r += 2; //~ race
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0]; //~ race
}

__global__ void increment_vs_plain_read(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    int old = r++;
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0] + old; //~ race
}

__global__ void load_operator_vs_plain_write(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    int v = r;
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
    if (threadIdx.x == 1)
        a[0] = (int)blockIdx.x; //~ race
}

__global__ void referent_is_bound_at_declaration(int *slots, int *out) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int i = 0;
    cuda::atomic_ref<int, cuda::thread_scope_device> r(slots[i]);
    i = gid + 1;
    r.store(1);
    out[i] = slots[0]; //~ race
}

__global__ void brace_bound_vs_plain_read(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r{a[0]};
    r.fetch_add(1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0]; //~ race
}

__global__ void block_scope_across_blocks(int *counters, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_block> c(counters[0]);
    c += 1; //~ race
    out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}

__device__ void bump(cuda::atomic_ref<int, cuda::thread_scope_device> r) { r.fetch_add(1); }

__global__ void passed_by_value(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    bump(r);
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0];
}

__global__ void bound_to_reference(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    cuda::atomic_ref<int, cuda::thread_scope_device> &alias = r;
    alias.fetch_add(1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0];
}

__global__ void thread_scope(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_thread> r(a[0]);
    r.fetch_add(1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0];
}

int main() {
    int *a, *o;
    store_operator_vs_plain_read<<<4, 64>>>(a, o);
    compound_vs_plain_read<<<4, 64>>>(a, o);
    increment_vs_plain_read<<<4, 64>>>(a, o);
    load_operator_vs_plain_write<<<4, 64>>>(a, o);
    referent_is_bound_at_declaration<<<4, 64>>>(a, o);
    brace_bound_vs_plain_read<<<4, 64>>>(a, o);
    block_scope_across_blocks<<<4, 64>>>(a, o);
    passed_by_value<<<4, 64>>>(a, o);
    bound_to_reference<<<4, 64>>>(a, o);
    thread_scope<<<4, 64>>>(a, o);
}
