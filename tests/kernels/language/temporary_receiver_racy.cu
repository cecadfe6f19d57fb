// expect-verdict(array_member_pointer_racy): racy
// expect-verdict(reference_member_offset_racy): racy
// A member function called on a temporary object (`T(args).f()`) runs on
// the object its constructor built. An object too large to track field by
// field (its class holds an array, or a reference member laid out as its
// referent) used to be copied as per-thread memory without a class type:
// the member function was not found, the call lowered as an unknown method
// that reached nothing, and its accesses to shared memory were lost (a
// temporary `Exchange(t)` whose member function writes `t` with no barrier
// was reported race-free; not a fixture here: the witness of the argument
// `t`, read whole at the construction, against an access of unknown memory
// through the reference member does not replay).

#define THREADS 128
#define ITEMS 4

struct Tile {
    int buf[THREADS * ITEMS];
};

struct Exchange {
    Tile &tile;
    int tid;
    __device__ Exchange(Tile &t) : tile(t), tid(threadIdx.x) {}
    __device__ void put_next(int v) { tile.buf[tid + 1] = v; } //~ race
};

struct Staging {
    int scratch[64];
    int *out;
    __device__ Staging(int *o) : out(o) {}
    __device__ void publish(int v) { out[threadIdx.x % 64] = v; } //~ race
};

__global__ void array_member_pointer_racy(int *out)
{
    __shared__ int s[64];
    Staging(s).publish(threadIdx.x);
    __syncthreads();
    out[blockIdx.x * THREADS + threadIdx.x] = s[threadIdx.x % 64];
}

__global__ void reference_member_offset_racy()
{
    __shared__ Tile t;
    t.buf[threadIdx.x] = 0; //~ race
    Exchange(t).put_next(1); //~ race
}

void run(int *out)
{
    array_member_pointer_racy<<<8, THREADS>>>(out);
    reference_member_offset_racy<<<8, THREADS>>>();
}
