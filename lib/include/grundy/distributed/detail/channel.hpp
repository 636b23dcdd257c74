#pragma once
// The communication between ranks: counted all-to-all exchanges and reductions over one
// communicator. Defined in distributed.cpp.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace grundy::distributed::detail {

// One communicator, with the counts of what went through it.
class channel {
public:
  explicit channel(MPI_Comm comm);

  MPI_Comm comm() const noexcept { return comm_; }
  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }

  // Every rank sends counts[d] elements of `element_size` bytes to each rank d, from `send`,
  // where they follow one another by destination; receives into `receive` (room for the
  // elements of every source, by source, given by exchange_counts) . Collective.
  std::vector<std::uint64_t> exchange_counts(const std::vector<std::uint64_t>& counts);
  void exchange(const void* send, const std::vector<std::uint64_t>& counts, void* receive,
                const std::vector<std::uint64_t>& received, std::size_t element_size);

  // Over all ranks, in place. Collective.
  void sum(std::span<std::uint64_t> values);
  void max(std::span<std::uint64_t> values);
  std::uint64_t sum(std::uint64_t value);
  std::uint64_t max(std::uint64_t value);
  double max(double value);
  // Every rank's `bytes` bytes at `mine`, by rank, into `all`. Collective.
  void gather_all(const void* mine, std::size_t bytes, void* all);

  std::uint64_t bytes_sent = 0;
  std::uint64_t bytes_received = 0;
  std::uint64_t exchanges = 0;
  double seconds = 0; // in MPI calls

private:
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
};

// Sends counts[d] elements of `flat` to each rank d, where they follow one another by
// destination, and receives into `in` what every rank sent here: by source, from from[s] to
// from[s + 1]. Collective.
template <class T>
void exchange(channel& c, const std::vector<T>& flat, const std::vector<std::uint64_t>& counts,
              std::vector<T>& in, std::vector<std::size_t>& from) {
  static_assert(std::is_trivially_copyable_v<T>);
  const auto received = c.exchange_counts(counts);
  from.assign(received.size() + 1, 0);
  for (std::size_t s = 0; s < received.size(); ++s)
    from[s + 1] = from[s] + received[s];
  in.resize(from.back());
  c.exchange(flat.data(), counts, in.data(), received, sizeof(T));
}

// The same from one vector per destination; `flat` is scratch, kept between calls.
template <class T>
void exchange(channel& c, const std::vector<std::vector<T>>& out, std::vector<T>& flat, std::vector<T>& in,
              std::vector<std::size_t>& from) {
  std::vector<std::uint64_t> counts(out.size());
  std::size_t total = 0;
  for (std::size_t d = 0; d < out.size(); ++d)
    total += counts[d] = out[d].size();
  flat.clear();
  flat.reserve(total);
  for (auto& o : out)
    flat.insert(flat.end(), o.begin(), o.end());
  exchange(c, flat, counts, in, from);
}

// One exchange's mail: a list per destination to send, and what arrived, by source (from[s]
// to from[s + 1] in `in`). Kept from one exchange to the next, so that its storage is reused.
template <class T> class mailbox {
public:
  std::vector<std::vector<T>> out;
  std::vector<T> in;
  std::vector<std::size_t> from;

  explicit mailbox(int ranks = 0) : out(static_cast<std::size_t>(ranks)) {}
  void clear() {
    for (auto& o : out)
      o.clear();
  }
  // Sends `out` and receives into `in`. Collective.
  void exchange(channel& c) { detail::exchange(c, out, flat_, in, from); }

private:
  std::vector<T> flat_;
};

} // namespace grundy::distributed::detail
