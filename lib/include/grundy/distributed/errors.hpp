#pragma once
// How a distributed computation fails: on every rank alike, or on one rank alone.

#include <exception>
#include <stdexcept>

namespace grundy::distributed {

// The mark of an exception that every rank throws at the same point, having agreed on it in a
// collective call (a limit passed on some rank, a cycle in the graph): the ranks may each
// report it, or leave it to rank 0, and end normally.
class raised_on_all_ranks {
public:
  virtual ~raised_on_all_ranks() = default;
};

template <class E> class on_all_ranks final : public E, public raised_on_all_ranks {
public:
  using E::E;
};

// What leaves a distributed computation when one rank failed on its own (out of memory, an
// exception from the game): the other ranks know nothing of it, so the job can only end by
// MPI_Abort (environment::abort), which the caller should call once it has reported the cause.
class rank_failure : public std::runtime_error {
public:
  rank_failure(int rank, std::exception_ptr cause);
  int rank() const noexcept { return rank_; }
  std::exception_ptr cause() const noexcept { return cause_; }

private:
  int rank_;
  std::exception_ptr cause_;
};

namespace detail {

// Calls f on this rank and turns whatever it throws on this rank alone into rank_failure.
template <class F> auto on_this_rank(int rank, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const raised_on_all_ranks&) {
    throw;
  } catch (...) {
    throw rank_failure(rank, std::current_exception());
  }
}

} // namespace detail

} // namespace grundy::distributed
