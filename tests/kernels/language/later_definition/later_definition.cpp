// Includer of the fixtures in this folder: each kernel header comes before
// the header that defines the device function its kernel calls.
#include "later_store.cuh"
#include "later_store_defs.cuh"
#include "later_slot.cuh"
#include "later_slot_racy.cuh"
#include "later_slot_defs.cuh"
