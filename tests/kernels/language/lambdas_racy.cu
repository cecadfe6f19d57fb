// expect-verdict: racy
// expect-verdict(through_returned_reference): unsupported
// expect-verdict(member_through_this): unsupported
// expect-verdict(copy_of_this): unsupported
//--blockDim=64 --gridDim=2
// The twins of lambdas.cu that must stay racy.

// By reference, the lambda reads `i` when it is called: 0 in every thread.
__global__ void by_reference(float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    auto own = [&]() { return i; };
    i = 0;
    out[own()] = (float)threadIdx.x; //~ race write-write
}

// The copy is made where the lambda is written, before `i` is the index.
__global__ void copied_too_early(float *out) {
    int i = 0;
    auto own = [=]() { return i; };
    i = blockIdx.x * blockDim.x + threadIdx.x;
    out[own()] = (float)threadIdx.x; //~ race write-write
}

// The body sees the `k` of its definition, not the caller's inner `k`.
__global__ void definition_scope(float *out) {
    int k = 7;
    auto at = [&]() { return k; };
    {
        int k = blockIdx.x * blockDim.x + threadIdx.x;
        out[at() + 0 * k] = (float)k; //~ race write-write
    }
}

// A by-reference lambda writing shared memory with no barrier before the read.
__global__ void shared_without_barrier(float *out) {
    __shared__ float tile[64];
    auto put = [&](int k, float v) { tile[k] = v; }; //~ race write-read
    put(threadIdx.x, 2.0f);
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[63 - threadIdx.x]; //~ race read-write
}

// A lambda returning a reference: threads 2k and 2k+1 both update buf[k]
// through it. The inlining returns values, so this is refused rather than
// lose the write (review rev7).
__global__ void through_returned_reference(int *buf) {
    auto at = [&](int i) -> int & { return buf[i]; };
    at(threadIdx.x / 2) += 1;
}

// In a member function `[=]` captures `this`: the lambda's write goes to the
// member of the object in global memory, which every thread of a block
// shares. Refused rather than take the member for a copy.
struct Counter {
    int hits;
    __device__ void bump() {
        auto add = [=]() mutable { hits += 1; };
        add();
    }
};

__global__ void member_through_this(Counter *counters) {
    counters[blockIdx.x].bump();
}

// `[*this]` copies the object: the lambda returns 0 in every thread, so all
// threads write out[0]. Refused rather than read the members at the call.
struct Acc {
    int n;
    __device__ int run() {
        n = 0;
        auto f = [*this]() { return n; };
        n = threadIdx.x;
        return f();
    }
};

__global__ void copy_of_this(int *out) {
    Acc a;
    out[a.run()] = threadIdx.x;
}
