// expect-verdict: racy
// As host_member_default.cu, but the member is not fixed: the default
// constructor sets it from a default argument (`Params(int v = 0)`), so
// `num_values` may be 0 and every anchor updates the same values; and a
// member that is not `const` may be assigned after the object is made.

class Params {
  public:
    static const int num_anchors = 6;
    const int num_values = 7;
    Params(int v = 0) : num_values(v) {}
};

struct Loose {
    int num_values = 7;
};

__global__ void decode_ctor(float *boxes, int num_anchors, int num_values) {
    int anchor = threadIdx.x;
    if (anchor >= num_anchors) return;
    int cell = blockIdx.x;
    int offset = cell * num_anchors * num_values + anchor * num_values;
    boxes[offset] = anchor; //~ race write-write
}

__global__ void decode_loose(float *boxes, int num_anchors, int num_values) {
    int anchor = threadIdx.x;
    if (anchor >= num_anchors) return;
    int cell = blockIdx.x;
    int offset = cell * num_anchors * num_values + anchor * num_values;
    boxes[offset] = anchor; //~ race write-write
}

void run(float *boxes, int cells, int v) {
    Params p;
    decode_ctor<<<cells, p.num_anchors>>>(boxes, p.num_anchors, p.num_values);
    Loose l;
    l.num_values = v;
    decode_loose<<<cells, 6>>>(boxes, 6, l.num_values);
}
