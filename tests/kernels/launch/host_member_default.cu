// expect-verdict: race-free
// Sizes kept as constant members of a parameter class (`const int
// num_values = 7;`, `static const int num_anchors = 6;`) and read from a
// default-initialized object (`Params p;`): its default constructor has no
// mem-initializer for them, so every such object holds the defaults, and a
// const member is never written.
// Each thread owns the `num_values` values of its anchor.

class Params {
  public:
    static const int num_classes = 3;
    static const int num_anchors = num_classes * 2;
    const int num_values = 7;
    const float thresh = 0.1f;
    Params() {}
};

__global__ void decode(float *boxes, const float *scores, int num_anchors, int num_values,
                       float thresh) {
    int anchor = threadIdx.x;
    if (anchor >= num_anchors) return;
    int cell = blockIdx.x;
    int offset = cell * num_anchors * num_values + anchor * num_values;
    if (scores[cell * num_anchors + anchor] >= thresh) {
        for (int i = 0; i < num_values; i++)
            boxes[offset + i] = boxes[offset + i] * 2.f;
    }
}

void run(float *boxes, const float *scores, int cells) {
    Params p;
    const int num_anchors = p.num_anchors;
    const int num_values = p.num_values;
    dim3 threads(num_anchors);
    dim3 blocks(cells);
    decode<<<blocks, threads>>>(boxes, scores, num_anchors, num_values, p.thresh);
}
