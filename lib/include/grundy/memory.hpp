#pragma once
// What this process and this machine hold, for statistics and memory limits.

#include <cstdint>

namespace grundy {

// Under a memory_account_scope (grundy/memory_account.hpp), these two read the computation's
// account instead of the process.

// The resident memory high-water mark of this process, in bytes (0 where it cannot be read).
std::uint64_t peak_memory_bytes();

// The resident memory of this process now, in bytes (0 where it cannot be read).
std::uint64_t current_memory_bytes();

// The machine's physical memory, in bytes (0 where it cannot be read).
std::uint64_t physical_memory_bytes();

// The memory the machine can give without swapping now (Linux's MemAvailable: free memory
// and the caches it can drop), in bytes (0 where it cannot be read).
std::uint64_t available_memory_bytes();

// The memory limit of a run given none: three quarters of what the machine can give without
// swapping when the run starts, and never more than three quarters of its memory, so that a
// first big command stops cleanly instead of being killed (or freezing the machine) once the
// memory runs out. The rest leaves room for labelling, which follows the exploration the limit
// watches, and for the other programs running. 0 (no limit) when neither can be read.
std::uint64_t default_memory_limit();

} // namespace grundy
