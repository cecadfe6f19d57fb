// expect-verdict: racy
//--blockDim=64 --gridDim=2
// Fields of a struct named by a typedef before its definition: two threads
// write the `id` of the same node.

typedef struct Node Node;
struct Node {
    int id;
    Node *next;
    struct Node *prev;
};

__device__ void link(Node *pool, int i) {
    Node *n = pool + i;
    pool[i / 2].id = i; //~ race write-write
    n->next = (i + 1 < 128) ? pool + i + 1 : 0;
    n->prev = 0;
}

__global__ void build(Node *pool) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    link(pool, i);
}
