// Another program of the folder: the wrapper in place, one buffer twice.
void run_slide(float *x, float *y, int n);

void in_place(int n) {
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    run_slide(d, d, n);
}
