// A worker of a distributed octal sequence: proves the heaps of its batches, ahead of the master,
// from the pairs whose heaps are both at least the lag (the values the master sent), and sends
// a bitmap a heap of the values those pairs reached.

#include "octal_shared.hpp"

#include <grundy/distributed/octal.hpp>

#include <cstring>
#include <deque>

namespace grundy::distributed {

using namespace octal_detail;

namespace {

struct worker {
  worker(const std::atomic<bool>* stop, std::function<int()> reason, MPI_Comm comm)
      : stop(stop), reason(std::move(reason)), comm(comm) {
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
  }

  const std::atomic<bool>* stop;
  std::function<int()> reason;
  MPI_Comm comm;
  int rank = 0, ranks = 1;
  bool stop_sent = false;
  std::optional<known_values> known;

  struct message {
    int tag;
    std::vector<char> bytes;
  };

  // The master's next message, in the order sent. A stop asked on this rank is passed on while
  // waiting: the master answers it by ending the segment, then the run.
  message next() {
    MPI_Status status;
    for (backoff wait;;) {
      int flag = 0;
      MPI_Iprobe(0, MPI_ANY_TAG, comm, &flag, &status);
      if (flag) break;
      pass_stop_on();
      wait.pause();
    }
    int bytes = 0;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    message m{status.MPI_TAG, std::vector<char>(static_cast<std::size_t>(bytes))};
    check(MPI_Recv(m.bytes.data(), bytes, MPI_BYTE, 0, m.tag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
    return m;
  }

  void pass_stop_on() {
    if (stop_sent || !stop || !stop->load(std::memory_order_relaxed)) return;
    const int why = reason ? reason() : 0;
    check(MPI_Send(&why, sizeof why, MPI_BYTE, 0, tag::stop_request, comm), "MPI_Send");
    stop_sent = true;
  }

  void append(const message& m) {
    const std::size_t n = m.bytes.size() / 4;
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t v;
      std::memcpy(&v, m.bytes.data() + 4 * i, 4);
      known->append(v);
    }
  }

  // One segment, or its part before the master aborted it.
  void run_segment(const message& m) {
    segment_header header;
    std::memcpy(&header, m.bytes.data(), sizeof header);
    message values{tag::values_batch, std::vector<char>(m.bytes.begin() + sizeof header, m.bytes.end())};
    append(values);
    known->fix_split();
    const batches b{header.start, header.end, header.batch, header.delay};
    std::vector<std::uint32_t> largest_before{known->largest};
    std::vector<std::uint8_t> rows; // a batch's marks, a byte a value
    row_patterns patterns;
    proof wanted;
    scan_choice scans;
    std::deque<std::vector<std::uint64_t>> buffers;
    std::deque<MPI_Request> requests;
    std::uint64_t sent = 0;
    std::size_t received = 0; // batches of values received
    const auto finish_sends = [&] {
      for (auto& r : requests)
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    };
    // Receives one message of the segment; false when it aborted the segment.
    const auto receive = [&] {
      const auto next_message = next();
      if (next_message.tag == tag::abort_segment) {
        check(MPI_Send(&sent, 8, MPI_BYTE, 0, tag::acknowledge, comm), "MPI_Send");
        finish_sends();
        return false;
      }
      append(next_message);
      largest_before.push_back(known->largest);
      ++received;
      return true;
    };
    for (std::size_t k = 0; k < b.count(); ++k) {
      if (prover(k, ranks, header.cycle) != rank) continue;
      while (k >= b.delay && received < k - b.delay) // batch k reads the values below first(k - delay)
        if (!receive()) return;
      const std::size_t first = b.first(k), last = b.last(k);
      const std::uint32_t largest = largest_before[k >= b.delay ? k - b.delay : 0];
      const std::size_t words = row_words(largest);
      const unsigned bits = row_bits(largest);
      const std::size_t stride = detail::sparse::row_bytes(bits);
      const std::size_t lag = b.lag();
      rows.resize((last - first) * stride);
      for (std::size_t h = first; h < last; ++h)
        std::memcpy(rows.data() + (h - first) * stride,
                    patterns.get(bits, known->pair_parity(h), known->split.mask), stride);
      mark_rare_pairs(*known, lag, first, last, rows.data(), bits);
      // Each heap's proof, from the pairs of heaps at least the lag.
      const std::uint32_t* g = known->g.data();
      const auto& two = known->moves.two_heaps;
      const std::size_t lanes = bits <= 12 ? detail::sparse::lanes_for(bits) : last - first;
      std::size_t pairs = 0;
      for (std::size_t start = first; start < last; start += lanes) {
        const std::size_t end = std::min(last, start + lanes);
        group_scan scan;
        if (scans.on() && !two.empty() && end - start == lanes)
          scan = mark_group_scan(g, two.front(), start, lag, rows.data() + (start - first) * stride, bits);
        for (std::size_t h = start; h < end; ++h) {
          std::uint8_t* seen = rows.data() + (h - first) * stride;
          if (!wanted.start(seen, bits, detail::sparse::first_candidate(seen, bits))) continue;
          pairs += seek_heap(wanted, g, two, h, lag, h, scan, seen);
        }
      }
      scans.record(pairs, last - first);
      buffers.emplace_back((last - first) * words, 0);
      for (std::size_t h = first; h < last; ++h)
        detail::sparse::pack_row(buffers.back().data() + (h - first) * words,
                                 rows.data() + (h - first) * stride, words, true);
      requests.emplace_back();
      check(MPI_Isend(buffers.back().data(), static_cast<int>(buffers.back().size() * 8), MPI_BYTE, 0,
                      tag::bitmaps, comm, &requests.back()),
            "MPI_Isend");
      ++sent;
      // Buffers the master has received are let go, so that a long segment holds a few.
      while (!requests.empty()) {
        int done = 0;
        MPI_Test(&requests.front(), &done, MPI_STATUS_IGNORE);
        if (!done) break;
        requests.pop_front();
        buffers.pop_front();
      }
      pass_stop_on();
    }
    while (received < b.count())
      if (!receive()) return;
    finish_sends();
  }

  void run() {
    for (;;) {
      const auto m = next();
      switch (m.tag) {
      case tag::init:
        known.emplace(octal_code::parse(std::string(m.bytes.begin(), m.bytes.end())));
        break;
      case tag::ping:
        check(MPI_Send(m.bytes.data(), static_cast<int>(m.bytes.size()), MPI_BYTE, 0, tag::ping, comm),
              "MPI_Send");
        break;
      case tag::segment:
        run_segment(m);
        break;
      case tag::finish:
        return;
      default:
        throw std::runtime_error("unexpected message from rank 0");
      }
    }
  }
};

} // namespace

void octal_worker(const std::atomic<bool>* stop, std::function<int()> reason, MPI_Comm comm) {
  worker(stop, std::move(reason), comm).run();
}

} // namespace grundy::distributed
