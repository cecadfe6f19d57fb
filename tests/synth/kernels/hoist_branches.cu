// AuCS motivating example: the racing accesses are in the two branches of one thread-dependent if.
__global__ void hoist_branches(unsigned int *input_array, int num_elements) {
    int my_index = blockIdx.x * blockDim.x + threadIdx.x;
    if (my_index < num_elements) {
        if (my_index % 2 == 1) {
            input_array[my_index] = my_index;
        } else {
            input_array[my_index] = input_array[my_index + 1];
        }
    }
}
