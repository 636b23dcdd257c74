#include <grundy/distributed.hpp>

#include <algorithm>
#include <chrono>
#include <climits>
#include <thread>

namespace grundy::distributed {

bool running() {
  int initialised = 0, finalised = 0;
  MPI_Initialized(&initialised);
  MPI_Finalized(&finalised);
  return initialised && !finalised;
}

environment::environment(int& argc, char**& argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

environment::~environment() {
  if (running()) MPI_Finalize();
}

void environment::abort(int status) const {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status); // MPI_Abort does not return, but is not declared so
}

std::uint64_t default_memory_budget(MPI_Comm comm) {
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int here = 1;
  MPI_Comm_size(node, &here);
  MPI_Comm_free(&node);
  return default_memory_limit() / static_cast<std::uint64_t>(here);
}

namespace {

std::string describe(const std::exception_ptr& cause) {
  try {
    std::rethrow_exception(cause);
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown failure";
  }
}

} // namespace

rank_failure::rank_failure(int rank, std::exception_ptr cause)
    : std::runtime_error("rank " + std::to_string(rank) + ": " + describe(cause)), rank_(rank),
      cause_(std::move(cause)) {}

namespace detail {

channel::channel(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

namespace {

// Adds the time from its making to its end to `total`.
class timer {
public:
  explicit timer(double& total) : total_(total) {}
  ~timer() { total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  timer(const timer&) = delete;
  timer& operator=(const timer&) = delete;

private:
  double& total_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// MPI counts are ints: a batch is kept far below that, and a message that would not fit is an
// error rather than a silent truncation.
std::vector<int> as_counts(const std::vector<std::uint64_t>& counts, std::vector<int>& displacements) {
  std::vector<int> result(counts.size());
  displacements.assign(counts.size(), 0);
  std::uint64_t at = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] > INT_MAX || at > INT_MAX)
      throw std::length_error("a message between two ranks is too large");
    result[i] = static_cast<int>(counts[i]);
    displacements[i] = static_cast<int>(at);
    at += counts[i];
  }
  return result;
}

// Completes a collective. MPI's blocking calls poll until the other ranks arrive, a core
// burnt for each rank that waits, which another rank or process on the machine may need (ranks
// oversubscribed on a laptop, other jobs on a node): a rank waiting for a slower one is then
// slower still. So the collectives are started non-blocking, and their completion is polled a
// few microseconds, then between sleeps that double from 20 microseconds to a millisecond:
// a collective that completes late waits at most a millisecond more, short beside the work
// between two collectives, and a waiting rank uses next to no processor.
void finish(MPI_Request& request) {
  int done = 0;
  const auto spin_until = std::chrono::steady_clock::now() + std::chrono::microseconds(5);
  while (MPI_Test(&request, &done, MPI_STATUS_IGNORE),
         !done && std::chrono::steady_clock::now() < spin_until) {
  }
  for (auto nap = std::chrono::microseconds(20); !done;
       nap = std::min(2 * nap, std::chrono::microseconds(1000))) {
    std::this_thread::sleep_for(nap);
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  }
}

} // namespace

std::vector<std::uint64_t> channel::exchange_counts(const std::vector<std::uint64_t>& counts) {
  const timer t(seconds);
  std::vector<std::uint64_t> received(size_);
  MPI_Request request;
  MPI_Ialltoall(counts.data(), 1, MPI_UINT64_T, received.data(), 1, MPI_UINT64_T, comm_, &request);
  finish(request);
  return received;
}

void channel::exchange(const void* send, const std::vector<std::uint64_t>& counts, void* receive,
                       const std::vector<std::uint64_t>& received, std::size_t element_size) {
  const timer t(seconds);
  // Counts are in elements of a contiguous type, so that a message may hold up to 2^31
  // elements rather than 2^31 bytes.
  MPI_Datatype element;
  MPI_Type_contiguous(static_cast<int>(element_size), MPI_BYTE, &element);
  MPI_Type_commit(&element);
  std::vector<int> send_at, receive_at;
  const auto send_counts = as_counts(counts, send_at);
  const auto receive_counts = as_counts(received, receive_at);
  MPI_Request request;
  MPI_Ialltoallv(send, send_counts.data(), send_at.data(), element, receive, receive_counts.data(),
                 receive_at.data(), element, comm_, &request);
  finish(request);
  MPI_Type_free(&element);
  for (int r = 0; r < size_; ++r)
    if (r != rank_) {
      bytes_sent += counts[r] * element_size;
      bytes_received += received[r] * element_size;
    }
  ++exchanges;
}

void channel::sum(std::span<std::uint64_t> values) {
  const timer t(seconds);
  MPI_Request request;
  MPI_Iallreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, MPI_SUM, comm_,
                 &request);
  finish(request);
}

void channel::max(std::span<std::uint64_t> values) {
  const timer t(seconds);
  MPI_Request request;
  MPI_Iallreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, MPI_MAX, comm_,
                 &request);
  finish(request);
}

std::uint64_t channel::sum(std::uint64_t value) {
  sum(std::span<std::uint64_t>(&value, 1));
  return value;
}

std::uint64_t channel::max(std::uint64_t value) {
  max(std::span<std::uint64_t>(&value, 1));
  return value;
}

double channel::max(double value) {
  const timer t(seconds);
  MPI_Request request;
  MPI_Iallreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, comm_, &request);
  finish(request);
  return value;
}

void channel::gather_all(const void* mine, std::size_t bytes, void* all) {
  const timer t(seconds);
  MPI_Request request;
  MPI_Iallgather(mine, static_cast<int>(bytes), MPI_BYTE, all, static_cast<int>(bytes), MPI_BYTE, comm_,
                 &request);
  finish(request);
}

} // namespace detail
} // namespace grundy::distributed
