// expect-verdict(operators_on_counters): race-free
// expect-verdict(index_changes_after_binding): race-free
// expect-verdict(brace_bound_with_orders): race-free
// expect-verdict(block_scope_within_block): race-free
// The operators of `cuda::atomic_ref` ([atomics.ref.int]) are its atomics:
// `r = v` stores, `r += v` / `++r` / `r--` read-modify-write, and reading
// `r` loads, all on the referent bound at the declaration. Later changes of
// the index's variables do not move the referent.
#include <cuda/atomic>

__global__ void operators_on_counters(int *counters, int *out) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    cuda::atomic_ref<int, cuda::thread_scope_device> hits(counters[0]);
    hits += 2;
    ++hits;
    int before = hits--;
    cuda::atomic_ref<int, cuda::thread_scope_device> last(counters[1]);
    last = gid;
    int seen = hits;
    out[gid] = before + seen;
}

__global__ void index_changes_after_binding(int *slots, int *out) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int i = gid + 1;
    cuda::atomic_ref<int, cuda::thread_scope_device> mine(slots[i]);
    i = 0;
    mine.fetch_add(1);
    // Only thread 0 reads slot 0, which no `atomic_ref` above refers to.
    if (gid == 0)
        out[i] = slots[i];
}

__global__ void brace_bound_with_orders(unsigned *flags, unsigned *out) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    cuda::std::atomic_ref<unsigned> f{flags[blockIdx.x]};
    f.fetch_or(1u << (threadIdx.x % 32), cuda::std::memory_order_relaxed);
    unsigned now = f.load(cuda::std::memory_order_acquire);
    out[gid] = now;
}

__global__ void block_scope_within_block(int *per_block, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_block> c(per_block[blockIdx.x]);
    out[blockIdx.x * blockDim.x + threadIdx.x] = c.fetch_add(1);
}

int main() {
    int *c, *o;
    unsigned *f, *u;
    operators_on_counters<<<8, 128>>>(c, o);
    index_changes_after_binding<<<8, 128>>>(c, o);
    brace_bound_with_orders<<<8, 128>>>(f, u);
    block_scope_within_block<<<8, 128>>>(c, o);
}
