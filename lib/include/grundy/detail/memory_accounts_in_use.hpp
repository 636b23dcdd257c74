#pragma once
// Whether any memory account has opened in this process (grundy/memory_account.hpp), for an
// operator new that charges accounts.

#include <atomic>

namespace grundy::detail {

// Set when a memory_account_scope first opens with an account, and never cleared. Until then no
// thread has an account, so an operator new that charges accounts (the web server's) reads this
// one global and returns at once: a process that never serves, such as `grundy octal`, pays no
// call and no thread-local lookup per allocation.
extern std::atomic<bool> memory_accounts_opened;

inline bool memory_accounts_in_use() noexcept {
  return memory_accounts_opened.load(std::memory_order_relaxed);
}

} // namespace grundy::detail
