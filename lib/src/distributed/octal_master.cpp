// Rank 0 of a distributed octal sequence: settles the values in order from its own pairs (those
// with a heap below the lag) and the workers' bitmaps, and sends the values back in batches.

#include "octal_shared.hpp"

#include <grundy/distributed/environment.hpp>
#include <grundy/distributed/octal.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
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
  std::size_t batch = 256, delay = 2, proof_pairs = 512;
  bool master_share = false;
  octal_figures figures;
  std::deque<pending_send> sends;
  std::vector<std::uint64_t> row;    // one heap's marks
  std::vector<std::uint32_t> wanted; // values its proof has still to reach

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
    // About 150 ns of the master's work a value: a batch of at least 256, long enough that its
    // round trip is a small part of it on a slow link; then as many batches of lag as it takes.
    constexpr double master_value_seconds = 150e-9;
    batch = std::clamp<std::size_t>(
        std::bit_ceil(static_cast<std::size_t>(trip / master_value_seconds / 4) + 1), 256, 8192);
    delay = std::clamp<std::size_t>(
        1 + static_cast<std::size_t>(2 * trip / (static_cast<double>(batch) * master_value_seconds)), 2, 16);
    master_share = ranks == 2;
    // For tests and measurements: GRUNDY_OCTAL_MPI=batch,delay[,master share 0 or 1[,proof pairs]].
    if (const char* forced = std::getenv("GRUNDY_OCTAL_MPI")) {
      unsigned long b = 0, d = 0, share = master_share ? 1 : 0, pairs = proof_pairs;
      if (std::sscanf(forced, "%lu,%lu,%lu,%lu", &b, &d, &share, &pairs) >= 2 && b >= 1 && d >= 1) {
        batch = b;
        delay = d;
        master_share = share != 0;
        proof_pairs = pairs;
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

  // G(h) from the workers' marks (`theirs`, `their_words` words) and the master's own pairs.
  std::uint32_t settle(std::size_t h, const std::uint64_t* theirs, std::size_t their_words, std::size_t lag) {
    const auto& k = known;
    const std::uint32_t* g = k.g.data();
    const std::size_t words = row_words(k.largest);
    row.assign(words, 0);
    std::uint64_t* r = row.data();
    for (std::size_t i = 0; i < their_words; ++i)
      r[i] |= theirs[i];
    if (k.moves.vanishes(h)) mark(r, 0);
    for (const auto n : k.moves.one_heap)
      if (n < h) mark(r, g[h - n]);
    const auto& rare = k.rare;
    for (const auto n : k.moves.two_heaps) {
      if (h < n + 2) continue;
      const std::size_t m = h - n;
      for (auto it = rare.begin(); it != rare.end() && *it < std::min(lag, m); ++it)
        mark(r, g[*it] ^ g[m - *it]);
      const std::size_t from = m > lag ? m - lag + 1 : 1;
      for (auto it = std::lower_bound(rare.begin(), rare.end(), static_cast<std::uint32_t>(from));
           it != rare.end() && *it < m; ++it)
        mark(r, g[*it] ^ g[m - *it]);
    }
    // The candidate: the least value of the candidates' parity not reached. Every option of
    // that parity comes from a pair with a rare heap, all marked by now.
    const std::uint64_t mask = k.split.mask;
    const unsigned pairs_parity = k.pair_parity(h);
    std::uint64_t odd_bits = 0; // bits b of a word with popcount(b & mask) odd
    for (unsigned b = 0; b < 64; ++b)
      if (parity(b & mask)) odd_bits |= std::uint64_t{1} << b;
    const auto candidates = [&](std::size_t w) {
      return (parity((std::uint64_t{w} << 6) & mask) ^ pairs_parity) ? ~odd_bits : odd_bits;
    };
    std::size_t candidate = words * 64;
    for (std::size_t w = 0; w < words; ++w)
      if (const auto free = ~r[w] & candidates(w)) {
        candidate = w * 64 + static_cast<std::size_t>(std::countr_zero(free));
        break;
      }
    // The proof: every value of the other parity below the candidate must be reached. Those
    // still wanted are listed; pairs are marked without a test, a chunk at a time, and the list
    // checked after each chunk, as the one-process engine does.
    wanted.clear();
    for (std::size_t w = 0; w < words && w * 64 < candidate; ++w) {
      std::uint64_t free = ~r[w] & ~candidates(w);
      if (candidate < (w + 1) * 64) free &= (std::uint64_t{1} << (candidate - w * 64)) - 1;
      for (; free; free &= free - 1)
        wanted.push_back(
            static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(free))));
    }
    const auto settled = [&] {
      std::erase_if(wanted, [r](std::uint32_t v) { return (r[v >> 6] >> (v & 63)) & 1; });
      return wanted.empty();
    };
    // A chunk at each end in turn: the pairs of small heaps (the master's own, with the newest
    // values) and the pairs of middle-sized heaps the workers' ranges left, from the middle down;
    // their values differ, and one end often ends the proof.
    const std::size_t others = static_cast<std::size_t>(ranks - 1) * proof_pairs;
    figures.master_proofs += !wanted.empty();
    for (const auto n : k.moves.two_heaps) {
      if (wanted.empty()) break;
      if (h < n + 2) continue;
      const std::size_t m = h - n, mid = m / 2;
      std::size_t low = 1, low_end = std::min(lag - 1, mid) + 1;       // a in [low, low_end)
      std::size_t high = mid >= lag + others ? mid - others + 1 : lag; // a in [lag, high)
      const std::size_t before = (low_end - low) + (high - lag);
      for (std::size_t chunk = 8; low < low_end || high > lag;
           chunk = std::min<std::size_t>(2 * chunk, 1024)) {
        for (const std::size_t end = std::min(low_end, low + chunk); low < end; ++low)
          mark(r, g[low] ^ g[m - low]);
        for (const std::size_t end = high > lag + chunk ? high - chunk : lag; high > end;) {
          --high;
          mark(r, g[high] ^ g[m - high]);
        }
        if (settled()) break;
      }
      figures.master_proof_pairs += before - ((low_end - low) + (high - lag));
    }
    const bool missing = !wanted.empty();
    if (!missing) return static_cast<std::uint32_t>(candidate);
    ++figures.full_scans;
    for (std::size_t w = 0;; ++w) // every pair scanned: the least value not reached
      if (~r[w])
        return static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(~r[w])));
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
    const segment_header header{
        b.start, b.end,       worker_known,           batch,
        delay,   proof_pairs, master_share ? 1u : 0u, static_cast<std::uint64_t>(ranks)};
    std::memcpy(message.data(), &header, sizeof header);
    message.insert(message.end(), known.g.begin() + static_cast<std::ptrdiff_t>(worker_known), known.g.end());
    send_all(message.data(), static_cast<int>(message.size() * 4), tag::segment);
    worker_known = b.start;

    const std::size_t lag = b.lag();
    std::vector<std::uint32_t> largest_before{known.largest}; // largest value below first(k)
    std::vector<std::vector<std::uint64_t>> theirs(static_cast<std::size_t>(ranks));
    std::vector<MPI_Request> posted(static_cast<std::size_t>(ranks), MPI_REQUEST_NULL);
    std::vector<std::size_t> received(static_cast<std::size_t>(ranks), 0);
    std::vector<std::uint64_t> rows;
    for (std::size_t k = 0; k < b.count(); ++k) {
      const std::size_t first = b.first(k), last = b.last(k);
      const std::size_t words = row_words(largest_before[k >= delay ? k - delay : 0]);
      const std::size_t cells = (last - first) * words;
      for (int w = 1; w < ranks; ++w) {
        auto& buffer = theirs[static_cast<std::size_t>(w)];
        buffer.resize(cells);
        check(MPI_Irecv(buffer.data(), static_cast<int>(cells * 8), MPI_BYTE, w, tag::bitmaps, comm,
                        &posted[static_cast<std::size_t>(w)]),
              "MPI_Irecv");
      }
      // The master's share of the rare pairs, while the bitmaps travel.
      rows.assign(cells, 0);
      if (master_share)
        mark_worker_pairs(known, 0, ranks, true, proof_pairs, lag, first, last, rows.data(), words);
      const double t0 = now_seconds();
      for (int w = 1; w < ranks; ++w) {
        auto& request = posted[static_cast<std::size_t>(w)];
        for (backoff wait;;) {
          int done = 0;
          MPI_Test(&request, &done, MPI_STATUS_IGNORE);
          if (done) break;
          poll();
          if (stopped()) {
            figures.master_wait_seconds += now_seconds() - t0;
            abort(posted, received);
            return;
          }
          wait.pause();
        }
        ++received[static_cast<std::size_t>(w)];
        const auto& buffer = theirs[static_cast<std::size_t>(w)];
        for (std::size_t i = 0; i < cells; ++i)
          rows[i] |= buffer[i];
      }
      figures.master_wait_seconds += now_seconds() - t0;
      figures.messages += static_cast<std::uint64_t>(ranks - 1);
      figures.bytes += cells * 8 * static_cast<std::uint64_t>(ranks - 1);

      pending_send out;
      out.values.reserve(last - first);
      for (std::size_t h = first; h < last; ++h) {
        if (stopped()) { // the heaps settled stand; the workers never see them
          abort(posted, received);
          return;
        }
        const auto v = settle(h, rows.data() + (h - first) * words, words, lag);
        known.append(v);
        values.push_back(v);
        out.values.push_back(v);
      }
      figures.distributed_values += last - first;
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
  if (values.size() < prefix_values) {
    if (!s.head) {
      sparse_options options;
      options.threads = 1;
      s.head.emplace(known.moves.code, options);
    }
    s.head->extend(values, std::min(count, prefix_values), stop);
  }
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
