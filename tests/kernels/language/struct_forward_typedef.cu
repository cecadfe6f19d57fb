// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// A struct named by a typedef before its definition (`typedef struct Node
// Node;`) and pointing to itself: its fields are known through both names.

typedef struct Node Node;
struct Node {
    int id;
    Node *next;
    struct Node *prev;
};

__device__ void link(Node *pool, int i) {
    Node *n = pool + i;
    n->id = i;
    n->next = (i + 1 < 128) ? pool + i + 1 : 0;
    n->prev = 0;
}

__global__ void build(Node *pool) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    link(pool, i);
}
