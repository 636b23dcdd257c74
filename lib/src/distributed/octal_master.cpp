// Rank 0 of a distributed octal sequence: settles the values in order, proving its own batches
// and ending the workers' proofs of theirs from their bitmaps and the pairs with a heap below the
// lag, and sends the values back in batches.

#include "octal_shared.hpp"

#include <grundy/distributed/environment.hpp>
#include <grundy/distributed/octal.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <limits>
#include <string>

namespace grundy::distributed {

using namespace octal_detail;

namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Values a batch of the master's sends holds, until every worker has received them.
struct pending_send {
  std::vector<std::uint32_t> values;
  std::vector<MPI_Request> requests;
};

} // namespace

struct octal_master::state {
  state(const octal_code& code, const std::atomic<bool>* interrupt, std::function<void(int)> on_worker_stop,
        MPI_Comm comm)
      : known(code), interrupt(interrupt), on_worker_stop(std::move(on_worker_stop)), comm(comm) {
    MPI_Comm_size(comm, &ranks);
    figures.ranks = static_cast<std::size_t>(ranks);
  }

  known_values known;
  const std::atomic<bool>* interrupt;
  std::function<void(int)> on_worker_stop;
  MPI_Comm comm;
  int ranks = 1;
  bool started = false, finished = false;
  std::optional<sparse_engine> head; // the one-process engine, for the prefix
  std::size_t worker_known = 0;      // values every worker has been sent
  std::size_t batch = 256, delay = 2;
  std::size_t cycle = 2; // rank 0 proves one batch in cycle (see prover)
  octal_figures figures;
  std::deque<pending_send> sends;
  std::vector<std::uint8_t> work; // a heap's row, when it outgrew its batch's
  row_patterns patterns;
  proof wanted;
  scan_choice scans; // whether rank 0's own batches mark the proofs' first pairs by groups

  bool stopped() const { return interrupt->load(std::memory_order_relaxed); }

  // A worker's stop request, if one came: the run then ends as if this rank was interrupted.
  void poll() {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, tag::stop_request, comm, &flag, &status);
    if (!flag) return;
    int reason = 0;
    MPI_Recv(&reason, sizeof reason, MPI_BYTE, status.MPI_SOURCE, tag::stop_request, comm, MPI_STATUS_IGNORE);
    on_worker_stop(reason);
  }

  void send_all(const void* data, int bytes, int t) {
    for (int w = 1; w < ranks; ++w)
      check(MPI_Send(data, bytes, MPI_BYTE, w, t, comm), "MPI_Send");
    figures.messages += static_cast<std::uint64_t>(ranks - 1);
    figures.bytes += static_cast<std::uint64_t>(bytes) * static_cast<std::uint64_t>(ranks - 1);
  }

  // The code, then the round trip of a batch-sized message, from which the batch and the lag
  // follow: a batch should take the master longer than a round trip, and the lag covers the
  // round trip and a worker's batch, with room for the slower of the two.
  void start() {
    const std::string code = known.moves.code.str();
    send_all(code.data(), static_cast<int>(code.size()), tag::init);
    std::vector<std::uint32_t> probe(256);
    std::vector<double> trips;
    for (int round = 0; round < 8; ++round)
      for (int w = 1; w < ranks; ++w) {
        const double t0 = now_seconds();
        check(MPI_Send(probe.data(), static_cast<int>(probe.size() * 4), MPI_BYTE, w, tag::ping, comm),
              "MPI_Send");
        check(MPI_Recv(probe.data(), static_cast<int>(probe.size() * 4), MPI_BYTE, w, tag::ping, comm,
                       MPI_STATUS_IGNORE),
              "MPI_Recv");
        trips.push_back(now_seconds() - t0);
      }
    // The fastest: what the link takes, without the waits of a rank that was not running.
    const double trip = *std::min_element(trips.begin(), trips.end());
    figures.round_trip_seconds = trip;
    // About 150 ns of the master's work a value: a batch of at least 64, long enough that its
    // round trip is a small part of it on a slow link; then as many batches of lag as it takes,
    // at least 4, so that a worker has the time of a few of rank 0's batches for one of its
    // own (batches of 64 and a lag of 320 were the fastest measured on one machine).
    constexpr double master_value_seconds = 150e-9;
    batch = std::clamp<std::size_t>(
        std::bit_ceil(static_cast<std::size_t>(trip / master_value_seconds / 4) + 1), 64, 8192);
    delay = std::clamp<std::size_t>(
        1 + static_cast<std::size_t>(2 * trip / (static_cast<double>(batch) * master_value_seconds)), 4, 16);
    cycle = static_cast<std::size_t>(ranks);
    // For tests and measurements: GRUNDY_OCTAL_MPI=batch,delay[,cycle].
    if (const char* forced = std::getenv("GRUNDY_OCTAL_MPI")) {
      unsigned long b = 0, d = 0, c = cycle;
      if (std::sscanf(forced, "%lu,%lu,%lu", &b, &d, &c) >= 2 && b >= 1 && d >= 1 && c >= 1) {
        batch = std::min<std::size_t>(b, 8192); // the bounds of the measured choice
        delay = std::min<std::size_t>(d, 16);
        cycle = c;
      }
    }
    figures.batch = batch;
    figures.lag = (delay + 1) * batch;
    started = true;
  }

  void release_sends(bool all) {
    while (!sends.empty()) {
      auto& front = sends.front();
      if (all) {
        check(
            MPI_Waitall(static_cast<int>(front.requests.size()), front.requests.data(), MPI_STATUSES_IGNORE),
            "MPI_Waitall");
      } else {
        int done = 0;
        MPI_Testall(static_cast<int>(front.requests.size()), front.requests.data(), &done,
                    MPI_STATUSES_IGNORE);
        if (!done) return;
      }
      sends.pop_front();
    }
  }

  // G(h) from its row (`bits`, as row_bits), where the rare pairs with both heaps at least `near`
  // are marked (in a worker's batch, `near` is the lag and the row holds the pairs of the
  // worker's proof too; in rank 0's own, the size of a group, and `scan` the group's first
  // pairs). Marks the other rare pairs, takes the candidate and ends the proof.
  std::uint32_t settle(std::size_t h, std::uint8_t* row, unsigned bits, std::size_t near,
                       const group_scan& scan, std::size_t& scanned) {
    const auto& k = known;
    const std::uint32_t* g = k.g.data();
    std::uint8_t* seen = row;
    if (const unsigned now = row_bits(k.largest); now > bits) { // a value of this batch outgrew its rows
      const std::uint8_t* p = patterns.get(now, k.pair_parity(h), k.split.mask);
      work.assign(p, p + detail::sparse::row_bytes(now));
      std::memcpy(work.data(), row, std::size_t{1} << bits);
      seen = work.data();
      bits = now;
    }
    if (k.moves.vanishes(h)) seen[0] = 1;
    for (const auto n : k.moves.one_heap)
      if (n < h) seen[g[h - n]] = 1;
    const auto& rare = k.rare;
    for (const auto n : k.moves.two_heaps) {
      if (h < n + 2) continue;
      const std::size_t m = h - n;
      for (auto it = rare.begin(); it != rare.end() && *it < std::min(near, m); ++it)
        seen[g[*it] ^ g[m - *it]] = 1;
      if (m <= near) continue; // every rare heap was below near
      for (auto it = std::lower_bound(rare.begin(), rare.end(), static_cast<std::uint32_t>(m - near + 1));
           it != rare.end() && *it < m; ++it)
        seen[g[*it] ^ g[m - *it]] = 1;
    }
    // Every option of the candidates' parity comes from a pair with a rare heap, all marked
    // by now; the proof needs every smaller value of the other parity.
    const grundy_value candidate = detail::sparse::first_candidate(seen, bits);
    if (!wanted.start(seen, bits, candidate)) return candidate;
    ++figures.master_proofs;
    // The pairs of small heaps first, rank 0's alone; then those of heaps at least `near`, which
    // in a worker's batch its proof scanned already for the values below its own candidate:
    // they are needed only where this candidate is higher (a one-heap option or a rare pair of
    // a small heap moved it).
    const auto& two = k.moves.two_heaps;
    std::size_t pairs = seek_heap(wanted, g, two, h, 1, near, scan, seen);
    pairs += seek_heap(wanted, g, two, h, near, h, scan, seen);
    scanned += pairs;
    figures.master_proof_pairs += pairs;
    if (!wanted.open()) return candidate;
    ++figures.full_scans; // every pair scanned: the least value not reached
    return wanted.least();
  }

  // Ends a segment stopped at a batch: the workers say how many bitmaps they sent, which are
  // received and dropped, so that no message is left half-way.
  void abort(std::vector<MPI_Request>& posted, std::vector<std::size_t>& received) {
    send_all(nullptr, 0, tag::abort_segment);
    for (int w = 1; w < ranks; ++w) {
      std::uint64_t sent = 0;
      check(MPI_Recv(&sent, 8, MPI_BYTE, w, tag::acknowledge, comm, MPI_STATUS_IGNORE), "MPI_Recv");
      auto& request = posted[static_cast<std::size_t>(w)];
      if (request != MPI_REQUEST_NULL) {
        if (received[static_cast<std::size_t>(w)] < sent) {
          MPI_Wait(&request, MPI_STATUS_IGNORE);
          ++received[static_cast<std::size_t>(w)];
        } else {
          MPI_Cancel(&request);
          MPI_Wait(&request, MPI_STATUS_IGNORE);
        }
      }
      for (; received[static_cast<std::size_t>(w)] < sent; ++received[static_cast<std::size_t>(w)]) {
        MPI_Status status;
        MPI_Probe(w, tag::bitmaps, comm, &status);
        int bytes = 0;
        MPI_Get_count(&status, MPI_BYTE, &bytes);
        std::vector<char> drop(static_cast<std::size_t>(bytes));
        MPI_Recv(drop.data(), bytes, MPI_BYTE, w, tag::bitmaps, comm, MPI_STATUS_IGNORE);
      }
    }
    release_sends(true);
  }

  void run_segment(grundy_sequence& values, std::size_t count) {
    const batches b{values.size(), count, batch, delay};
    // The workers learn the heaps to come and the values they lack.
    std::vector<std::uint32_t> message(sizeof(segment_header) / 4);
    const segment_header header{b.start, b.end, worker_known, batch, delay, static_cast<std::uint64_t>(ranks),
                                cycle};
    std::memcpy(message.data(), &header, sizeof header);
    message.insert(message.end(), known.g.begin() + static_cast<std::ptrdiff_t>(worker_known), known.g.end());
    send_all(message.data(), static_cast<int>(message.size() * 4), tag::segment);
    worker_known = b.start;

    const std::size_t lag = b.lag();
    std::vector<std::uint32_t> largest_before{known.largest}; // largest value below first(k)
    std::vector<std::vector<std::uint64_t>> theirs(static_cast<std::size_t>(ranks));
    std::vector<MPI_Request> posted(static_cast<std::size_t>(ranks), MPI_REQUEST_NULL);
    std::vector<std::size_t> received(static_cast<std::size_t>(ranks), 0);
    std::vector<std::uint8_t> rows; // the batch's marks, a byte a value
    for (std::size_t k = 0; k < b.count(); ++k) {
      poll(); // a worker's stop, also while rank 0 proves batches of its own
      const std::size_t first = b.first(k), last = b.last(k);
      // A worker's batch: its bitmaps, of the values it read. Rank 0's own: rows for every value
      // known, which its groups read.
      const int w = prover(k, ranks, cycle);
      const auto worker = static_cast<std::size_t>(w);
      const std::uint32_t largest = w == 0 ? known.largest : largest_before[k >= delay ? k - delay : 0];
      const std::size_t words = row_words(largest), cells = (last - first) * words;
      const unsigned bits = row_bits(largest);
      const std::size_t stride = detail::sparse::row_bytes(bits);
      if (w != 0) {
        theirs[worker].resize(cells);
        check(MPI_Irecv(theirs[worker].data(), static_cast<int>(cells * 8), MPI_BYTE, w, tag::bitmaps, comm,
                        &posted[worker]),
              "MPI_Irecv");
      }
      rows.resize((last - first) * stride);
      for (std::size_t h = first; h < last; ++h)
        std::memcpy(rows.data() + (h - first) * stride,
                    patterns.get(bits, known.pair_parity(h), known.split.mask), stride);
      if (w != 0) {
        const double t0 = now_seconds();
        for (backoff wait;;) {
          int done = 0;
          MPI_Test(&posted[worker], &done, MPI_STATUS_IGNORE);
          if (done) break;
          poll();
          if (stopped()) {
            figures.master_wait_seconds += now_seconds() - t0;
            abort(posted, received);
            return;
          }
          wait.pause();
        }
        figures.master_wait_seconds += now_seconds() - t0;
        ++received[worker];
        for (std::size_t h = first; h < last; ++h)
          detail::sparse::unpack_row(rows.data() + (h - first) * stride,
                                     theirs[worker].data() + (h - first) * words, words, true);
        figures.messages += 1;
        figures.bytes += cells * 8;
        figures.distributed_values += last - first;
      }

      pending_send out;
      out.values.reserve(last - first);
      const std::size_t lanes = bits <= 12 ? detail::sparse::lanes_for(bits) : last - first;
      std::size_t scanned = 0;
      for (std::size_t start = first; start < last; start += lanes) {
        const std::size_t end = std::min(last, start + lanes);
        // Rank 0 knows the values below the group: in its own batches, the block kernel marks
        // the rare pairs and the proofs' first pairs whose heaps are both at least `lanes`, which
        // read only those, and settle() the others, heap by heap; unless a value of the batch
        // outgrew its rows, when settle() marks every pair.
        group_scan scan;
        std::size_t near = w == 0 ? std::numeric_limits<std::size_t>::max() : lag;
        if (w == 0 && row_bits(known.largest) <= bits) {
          near = lanes;
          std::uint8_t* group = rows.data() + (start - first) * stride;
          mark_rare_pairs(known, lanes, start, end, group, bits);
          if (scans.on() && !known.moves.two_heaps.empty() && end - start == lanes)
            scan = mark_group_scan(known.g.data(), known.moves.two_heaps.front(), start, lanes, group, bits);
        }
        for (std::size_t h = start; h < end; ++h) {
          if (stopped()) { // the heaps settled stand; the workers never see them
            abort(posted, received);
            return;
          }
          const auto v = settle(h, rows.data() + (h - first) * stride, bits, near, scan, scanned);
          known.append(v);
          values.push_back(v);
          out.values.push_back(v);
          ++figures.values;
        }
      }
      if (w == 0) scans.record(scanned, last - first);
      largest_before.push_back(known.largest);
      out.requests.resize(static_cast<std::size_t>(ranks - 1));
      for (int w = 1; w < ranks; ++w)
        check(MPI_Isend(out.values.data(), static_cast<int>(out.values.size() * 4), MPI_BYTE, w,
                        tag::values_batch, comm, &out.requests[static_cast<std::size_t>(w - 1)]),
              "MPI_Isend");
      figures.messages += static_cast<std::uint64_t>(ranks - 1);
      figures.bytes += out.values.size() * 4 * static_cast<std::uint64_t>(ranks - 1);
      sends.push_back(std::move(out));
      release_sends(false);
    }
    worker_known = b.end;
    release_sends(true);
  }
};

octal_master::octal_master(const octal_code& code, const std::atomic<bool>* interrupt,
                           std::function<void(int)> on_worker_stop, MPI_Comm comm)
    : state_(std::make_unique<state>(code, interrupt, std::move(on_worker_stop), comm)) {}

octal_master::~octal_master() {
  if (!running()) return;
  try {
    state_->send_all(nullptr, 0, tag::finish);
  } catch (...) { // the job is ending anyway
  }
}

void octal_master::extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) {
  auto& s = *state_;
  s.poll();
  if (s.stopped() || (stop && stop->load())) return;
  auto& known = s.known;
  // The ranks mark pairs of two heaps only: a code that also leaves three heaps (hexadecimal
  // codes, given --method sparse) is rank 0's alone, with the one-process engine throughout.
  const bool alone = !known.moves.three_heaps.empty();
  if (values.size() < prefix_values || alone) {
    if (!s.head) {
      sparse_options options;
      options.threads = 1;
      s.head.emplace(known.moves.code, options);
    }
    s.head->extend(values, alone ? count : std::min(count, prefix_values), stop);
  }
  if (alone) return;
  for (std::size_t h = known.g.size(); h < values.size(); ++h)
    known.append(values[h]);
  if (values.size() >= count || values.size() < prefix_values) return;
  s.head.reset();
  known.fix_split();
  if (!s.started) s.start();
  s.run_segment(values, count);
}

rare_split octal_master::split() const {
  return state_->known.splitter ? state_->known.split : (state_->head ? state_->head->split() : rare_split{});
}

std::size_t octal_master::rare_count() const {
  return state_->known.splitter ? state_->known.rare.size() : (state_->head ? state_->head->rare_count() : 0);
}

void release_octal_workers(MPI_Comm comm) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  for (int w = 1; w < ranks; ++w)
    MPI_Send(nullptr, 0, MPI_BYTE, w, tag::finish, comm);
}

void octal_master::poll() { state_->poll(); }

const octal_figures& octal_master::figures() const noexcept { return state_->figures; }

} // namespace grundy::distributed
