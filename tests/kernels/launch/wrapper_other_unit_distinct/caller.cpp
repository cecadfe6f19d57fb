// Another program of the folder: the wrapper with two allocations.
void run_slide_apart(float *x, float *y, int n);

void out_of_place(int n) {
    float *d, *e;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&e, n * sizeof(float));
    run_slide_apart(d, e, n);
}
