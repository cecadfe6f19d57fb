// Stub of CUDA's cooperative groups header for syntax checks.
#pragma once
namespace cooperative_groups {
struct grid_group {
    void sync();
};
grid_group this_grid();
}  // namespace cooperative_groups
