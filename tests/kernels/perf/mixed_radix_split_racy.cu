// expect-verdict: racy
// As mixed_radix_split.cu with the last coordinate taken modulo 2 instead
// of 3 (`id % 2`): ids 1 and 3 of one element store e[0][1] (k = 0 for
// both, l = 1 for both).

struct cplx { float re, im; };
struct mat3 { cplx e[3][3]; };
struct site { mat3 link[4]; float phase; int parity; };

__global__ void split_store_mod2(site *out, int sites) {
    int id = blockDim.x * blockIdx.x + threadIdx.x;
    int s = id / 36;
    if (s < sites) {
        int j = (id % 36) / 9;
        int k = (id % 9) / 3;
        int l = id % 2;
        out[s].link[j].e[k][l].re = (float)id; //~ race write-write
    }
}
