// expect-verdict: race-free
// A global thread id split into the coordinates of a 4 x 3 x 3 block of
// complex numbers per element (`id / 36`, `(id % 36) / 9`, `(id % 9) / 3`,
// `id % 3`) and stored through a struct. The store is injective only
// because `id % 9` and `id % 3` are digits of `id % 36`: the query is
// decided with the digits of `id` (mixed radix 3, 3, 4).

struct cplx { float re, im; };
struct mat3 { cplx e[3][3]; };
struct site { mat3 link[4]; float phase; int parity; };

__global__ void split_store(site *out, int sites) {
    int id = blockDim.x * blockIdx.x + threadIdx.x;
    int s = id / 36;
    if (s < sites) {
        int j = (id % 36) / 9;
        int k = (id % 9) / 3;
        int l = id % 3;
        out[s].link[j].e[k][l].re = 1.0f;
    }
}
