// A tile copied asynchronously, then read at another thread's position: the
// barrier must follow the wait (a barrier between the copy and the wait orders
// nothing, the copy may still be running).
kernel void shift(global float *data) {
    local float tile[8];
    event_t copied = async_work_group_copy(tile, data + 8 * get_group_id(0), 8, 0);
    float bias = 1.0f;
    wait_group_events(1, &copied);
    data[get_global_id(0)] = tile[(get_local_id(0) + 1) % 8] + bias;
}
