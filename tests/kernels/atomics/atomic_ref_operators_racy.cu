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
// expect-verdict(copied_to_auto): unsupported
// expect-verdict(captured_by_copy): unsupported
// expect-verdict(alias_spelling): racy
// expect-verdict(narrow_counter_wraps): racy
// expect-verdict(narrow_prefix_value_wraps): racy
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

__global__ void copied_to_auto(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    auto q = r; // a copy of the object: it refers to a[0] too
    q = 7;
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0];
}

__global__ void captured_by_copy(int *a, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> r(a[0]);
    [=]() mutable { r = 1; }();
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0];
}

// The alias names the `atomic_ref` type (the only alias of that name):
// the store operator is an atomic, which the plain reads race with.
using CounterRef = cuda::atomic_ref<int, cuda::thread_scope_device>;

__global__ void alias_spelling(int *a, int *out) {
    CounterRef r(a[0]);
    r = 1; //~ race
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[0];
}

// 512 increments of an 8-bit counter wrap: two threads get one slot.
__global__ void narrow_counter_wraps(unsigned char *c, int *out) {
    cuda::atomic_ref<unsigned char, cuda::thread_scope_device> r(c[0]);
    out[r.fetch_add(1)] = threadIdx.x; //~ race
}

// `++r` is `unsigned char`: 0 after 255.
__global__ void narrow_prefix_value_wraps(unsigned char *c, int *out) {
    cuda::atomic_ref<unsigned char, cuda::thread_scope_device> r(c[0]);
    if (threadIdx.x == 0 && ++r == 0)
        out[0] = 1; //~ race
    if (threadIdx.x == 1)
        out[0] = 2; //~ race
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
    copied_to_auto<<<4, 64>>>(a, o);
    captured_by_copy<<<4, 64>>>(a, o);
    alias_spelling<<<4, 64>>>(a, o);
    unsigned char *c;
    narrow_counter_wraps<<<2, 256>>>(c, o);
    narrow_prefix_value_wraps<<<1, 64>>>(c, o);
}
