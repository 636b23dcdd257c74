#pragma once
// The exploring members of distributed::graph: batches of successors sent to their owners, and
// the end of each batch, where the ranks agree on going on. Included by distributed/graph.hpp.

#include <grundy/distributed/graph.hpp>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace grundy::distributed {

template <game G> void graph<G>::clear_batch() {
  mail_.out.resize(net_.size());
  answers_.resize(net_.size());
  mail_.clear();
  batch_bytes_ = 0;
  sent_.assign(net_.size(), 0);
  pending_.clear();
  degrees_.clear();
}

template <game G> std::size_t graph<G>::send_successors(vertex_id v, bool drop_repeats) {
  moves_.clear();
  game_.successors(states_[v], moves_);
  keyed_.clear();
  for (std::uint32_t i = 0; i < moves_.size(); ++i) {
    moves_[i] = game_.canonical(moves_[i]);
    keyed_.emplace_back(boost::hash<state>{}(moves_[i]), i);
  }
  // Equal states have equal hashes: sorted by hash, repeats are next to one another.
  drop_repeats = drop_repeats && !grundy::detail::successors_distinct(game_);
  if (drop_repeats) std::sort(keyed_.begin(), keyed_.end());
  std::uint32_t kept = 0;
  for (std::size_t k = 0; k < keyed_.size(); ++k) {
    const auto [hash, i] = keyed_[k];
    bool repeat = false;
    for (std::size_t j = k; drop_repeats && !repeat && j-- > 0 && keyed_[j].first == hash;)
      repeat = moves_[keyed_[j].second] == moves_[i];
    if (repeat) continue;
    const int d = detail::owner_of(hash, net_.size());
    const auto before = mail_.out[d].size();
    state_codec<state>::write(moves_[i], mail_.out[d]);
    batch_bytes_ += mail_.out[d].size() - before;
    pending_.push_back(detail::global(d, sent_[d]++));
    ++kept;
  }
  degrees_.push_back(kept);
  return moves_.size();
}

template <game G> vertex_id graph<G>::find_or_add(index_type& index, state&& s) {
  const auto id = static_cast<vertex_id>(states_.size());
  if constexpr (graded_game<G>) {
    const auto [it, added] = index.try_emplace(s, id);
    if (!added) return it->second;
  } else {
    if (auto it = index.find(s); it != index.end()) return it->v;
  }
  if (states_.size() >= 0xFFFF'FFFFu)
    throw std::length_error("more than 4294967295 positions on one rank: run more ranks");
  states_.push_back(std::move(s));
  if constexpr (!graded_game<G>) index.insert(detail::stored_vertex{id});
  return id;
}

template <game G> template <class F> void graph<G>::resolve_arrivals(F&& f) {
  // Each state goes to its shard's bucket as it is read, so that every bucket is then read in
  // order, and its states are at hand when looked up.
  buckets_.resize(detail::shard_count);
  for (auto& b : buckets_)
    b.clear();
  arrivals_from_.assign(net_.size(), 0);
  std::uint32_t arrivals = 0;
  for (int s = 0; s < net_.size(); ++s) {
    const std::byte* p = mail_.in.data() + mail_.from[s];
    const std::byte* stop = mail_.in.data() + mail_.from[s + 1];
    for (; p < stop; ++arrivals_from_[s], ++arrivals) {
      auto st = state_codec<state>::read(p);
      buckets_[detail::shard_of(boost::hash<state>{}(st))].push_back({std::move(st), arrivals});
    }
  }
  replies_.resize(arrivals);
  for (unsigned shard = 0; shard < detail::shard_count; ++shard)
    for (auto& a : buckets_[shard])
      f(shard, std::move(a.value), a.arrival);
}

template <game G> bool graph<G>::end_batch(bool more, bool exploring) {
  const bool stop = options_.build.stop && options_.build.stop->load(std::memory_order_relaxed);
  const auto memory = current_memory_bytes();
  const bool over = options_.build.max_memory && memory > options_.build.max_memory;
  std::uint64_t sums[2] = {states_.size(), edges_};
  // The lowest rank over its budget is the one named: size - rank is largest for it.
  std::uint64_t maxes[5] = {more, stop, over ? static_cast<std::uint64_t>(net_.size() - net_.rank()) : 0,
                            memory, level_overflow_};
  net_.sum(sums);
  net_.max(maxes);
  const build_progress reached{exploring ? depth_ + 1 : depth_, sums[0], sums[1], seconds_since(started_),
                               maxes[3]};
  if (maxes[1]) throw on_all_ranks<stopped>("interrupted", stop_reason::interrupted, reached);
  const auto max_states = options_.build.max_states;
  if (sums[0] > max_states) {
    auto capped = reached;
    capped.states = max_states;
    throw on_all_ranks<stopped>("exploration stopped: the graph has more than the limit of " +
                                    std::to_string(max_states) + " positions",
                                stop_reason::states, capped);
  }
  if (maxes[4])
    throw on_all_ranks<stopped>(
        "exploration stopped: a level has more positions than 32-bit edges can number",
        stop_reason::level_size, reached);
  if (maxes[2])
    throw on_all_ranks<stopped>(std::string(exploring ? "exploration" : "labelling") +
                                    " stopped: the memory of rank " + std::to_string(net_.size() - maxes[2]) +
                                    " passed its limit of " + memory_limit_text(options_.build.max_memory),
                                stop_reason::memory, reached);
  if (exploring && net_.rank() == 0 && options_.build.progress) options_.build.progress(reached);
  return maxes[0] != 0;
}

template <game G>
template <class Step>
void graph<G>::in_rounds(std::uint64_t begin, std::uint64_t end, Step&& step) {
  for (auto i = begin;;) {
    for (std::uint64_t work = 0; i < end && work < round_work; ++i)
      work += step(i);
    if (!end_batch(i < end, false)) break;
  }
}

template <game G> void graph<G>::explore(const state& start) {
  started_ = std::chrono::steady_clock::now();
  const bool edges = options_.build.keep_edges;
  auto index = make_index();
  clear_batch();
  {
    auto first = game_.canonical(start);
    const auto hash = boost::hash<state>{}(first);
    owns_start_ = detail::owner_of(hash, net_.size()) == net_.rank();
    if (owns_start_) find_or_add(index[detail::shard_of(hash)], std::move(first));
  }
  level_starts_.assign(1, 0);
  if (edges) row_starts_.push_back(0);
  offset_bits_ = 32 - std::bit_width(static_cast<unsigned>(net_.size() - 1));
  for (;;) {
    const std::size_t begin = level_starts_.back(), end = states_.size();
    // In a graded game no state of this level or above is met again: the index needs only
    // the next level.
    if constexpr (graded_game<G>) index = make_index();
    for (std::size_t v = begin;;) {
      clear_batch();
      for (; v < end && !batch_full(); ++v) {
        const auto orbit = grundy::detail::orbit_of(game_, states_[v]);
        const auto moves = send_successors(static_cast<vertex_id>(v), true);
        raw_vertices_ += orbit;
        if constexpr (symmetric_game<G>) raw_edges_ += orbit * moves;
        if (moves == 0) ++terminals_, raw_terminals_ += orbit;
        edges_ += degrees_.back();
        if constexpr (!symmetric_game<G>) raw_edges_ += degrees_.back();
      }
      mail_.exchange(net_);
      resolve_arrivals([&](unsigned shard, state&& s, std::size_t arrival) {
        const auto id = find_or_add(index[shard], std::move(s));
        if (!edges) return;
        if constexpr (graded_game<G>) {
          // Its place in the next level: this rank's share of it starts at `end`.
          level_overflow_ |= (id - end) >> offset_bits_ != 0;
          replies_[arrival] = static_cast<std::uint32_t>(id - end);
        } else {
          replies_[arrival] = id;
        }
      });
      if (edges) {
        detail::exchange(net_, replies_, arrivals_from_, in_numbers_, numbers_from_);
        std::size_t k = 0;
        for (auto d : degrees_) {
          for (auto end_k = k + d; k < end_k; ++k) {
            const auto e = pending_[k];
            const int owner = detail::rank_of(e);
            const auto answer = in_numbers_[numbers_from_[owner] + detail::local_of(e)];
            if constexpr (graded_game<G>)
              targets_.push_back(static_cast<std::uint32_t>((std::uint64_t(owner) << offset_bits_) | answer));
            else
              targets_.push_back(detail::global(owner, answer));
          }
          row_starts_.push_back(targets_.size());
        }
      }
      if (!end_batch(v < end, true)) break;
    }
    level_starts_.push_back(static_cast<vertex_id>(end));
    ++depth_;
    if (net_.sum(states_.size() - end) == 0) break;
  }
  clear_batch();
  // Every rank's levels, for labelling by levels.
  std::vector<std::uint64_t> mine(level_starts_.begin(), level_starts_.end());
  level_first_.resize(mine.size() * net_.size());
  net_.gather_all(mine.data(), mine.size() * sizeof(std::uint64_t), level_first_.data());
  std::uint64_t totals[2] = {states_.size(), edges_};
  net_.sum(totals);
  global_states_ = totals[0], global_edges_ = totals[1];
  explore_seconds_ = seconds_since(started_);
}

} // namespace grundy::distributed
