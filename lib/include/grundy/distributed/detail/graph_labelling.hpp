#pragma once
// The labelling members of distributed::graph: by levels, by regenerating the moves, and by
// propagation. Included by distributed/graph.hpp.

#include <grundy/distributed/graph.hpp>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace grundy::distributed {

template <game G> std::vector<grundy_value> graph<G>::label(play_convention convention) {
  started_ = std::chrono::steady_clock::now();
  if (convention == play_convention::misere) {
    detail::misere_rule rule;
    return label_with(rule);
  }
  detail::mex_rule rule;
  return label_with(rule);
}

template <game G> template <class Rule> std::vector<grundy_value> graph<G>::label_with(Rule& rule) {
  std::vector<grundy_value> value(states_.size(), 0);
  if (method_ == labelling_method::propagation)
    label_propagating(rule, value);
  else if (options_.build.keep_edges)
    label_levels(rule, value);
  else
    label_regenerating(rule, value);
  return value;
}

template <game G>
template <class Rule>
void graph<G>::label_levels(Rule& rule, std::vector<grundy_value>& value) {
  const int ranks = net_.size();
  std::vector<std::uint64_t> base(ranks + 1, 0), size(ranks, 0), bits, before;
  std::vector<grundy_value> successors;
  for (std::size_t k = depth_; k-- > 0;) {
    // The level below as one bitmap, each rank's share starting on a word, so that every
    // successor needed is marked once, and the answers come back in the bitmap's order.
    const std::size_t below = k + 1;
    for (int d = 0; d < ranks; ++d) {
      size[d] = below < depth_ ? level_size(d, below) : 0;
      base[d + 1] = base[d] + (size[d] + 63) / 64 * 64;
    }
    bits.assign(base[ranks] / 64, 0);
    auto position = [&](target_type t) {
      const int d = target_rank(t);
      const auto offset = target_offset(t);
      if (offset >= size[d])
        throw std::logic_error("a move of a graded game does not lead to the next level");
      return base[d] + offset;
    };
    in_rounds(level_starts_[k], level_starts_[k + 1], [&](std::uint64_t v) {
      for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e) {
        const auto p = position(targets_[e]);
        bits[p >> 6] |= std::uint64_t{1} << (p & 63);
      }
      return row_starts_[v + 1] - row_starts_[v] + 1;
    });
    for (int d = 0; d < ranks; ++d) {
      answers_[d].clear();
      for (auto w = base[d] / 64; w < base[d + 1] / 64; ++w)
        for (auto word = bits[w]; word; word &= word - 1)
          answers_[d].push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(word) - base[d]));
    }
    detail::exchange(net_, answers_, flat_numbers_, in_numbers_, numbers_from_);
    const auto first_below = below < depth_ ? level_first(net_.rank(), below) : 0;
    for (int s = 0; s < ranks; ++s) {
      answers_[s].clear();
      for (auto i = numbers_from_[s]; i < numbers_from_[s + 1]; ++i)
        answers_[s].push_back(value[first_below + in_numbers_[i]]);
    }
    detail::exchange(net_, answers_, flat_numbers_, in_numbers_, numbers_from_);
    before.resize(bits.size());
    std::uint64_t count = 0;
    for (std::size_t w = 0; w < bits.size(); ++w)
      before[w] = count, count += detail::bit_count(bits[w]);
    in_rounds(level_starts_[k], level_starts_[k + 1], [&](std::uint64_t v) {
      successors.clear();
      for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e) {
        const auto p = position(targets_[e]);
        const auto mask = (std::uint64_t{1} << (p & 63)) - 1;
        successors.push_back(in_numbers_[before[p >> 6] + detail::bit_count(bits[p >> 6] & mask)]);
      }
      value[v] = rule(successors);
      return successors.size() + 1;
    });
  }
}

template <game G>
template <class Rule>
void graph<G>::label_regenerating(Rule& rule, std::vector<grundy_value>& value) {
  std::vector<grundy_value> successors;
  for (std::size_t k = depth_; k-- > 0;) {
    // This rank's share of the level below, to answer the other ranks' questions.
    std::vector<level_index> below(detail::shard_count);
    if (k + 1 < depth_)
      in_rounds(level_starts_[k + 1], level_starts_[k + 2], [&](std::uint64_t v) {
        below[detail::shard_of(boost::hash<state>{}(states_[v]))].emplace(states_[v], v);
        return 1;
      });
    for (std::size_t v = level_starts_[k];;) {
      clear_batch();
      const auto first = v;
      for (; v < level_starts_[k + 1] && !batch_full(); ++v)
        send_successors(static_cast<vertex_id>(v), false);
      mail_.exchange(net_);
      resolve_arrivals([&](unsigned shard, state&& s, std::size_t arrival) {
        const auto it = below[shard].find(s);
        if (it == below[shard].end())
          throw std::logic_error("a move of a graded game does not lead to the next level");
        replies_[arrival] = value[it->second];
      });
      detail::exchange(net_, replies_, arrivals_from_, in_numbers_, numbers_from_);
      std::size_t i = 0;
      for (auto u = first; u < v; ++u) {
        successors.clear();
        for (auto end_i = i + degrees_[u - first]; i < end_i; ++i) {
          const auto e = pending_[i];
          successors.push_back(in_numbers_[numbers_from_[detail::rank_of(e)] + detail::local_of(e)]);
        }
        value[u] = rule(successors);
      }
      if (!end_batch(v < level_starts_[k + 1], false)) break;
    }
  }
}

template <game G> void graph<G>::find_predecessors() {
  // Every edge v -> t tells t's owner that v is one of t's predecessors.
  struct edge_note {
    vertex_id child;
    vertex_id parent;
  };
  detail::mailbox<edge_note> mail(net_.size());
  detail::block_array<vertex_id> children;
  detail::block_array<detail::global_vertex> parents;
  for (std::size_t v = 0, k = 0;;) {
    mail.clear();
    for (std::size_t notes = 0; v < states_.size() && notes * sizeof(edge_note) < options_.exchange_bytes;
         ++v) {
      while (v >= level_starts_[k + 1])
        ++k;
      for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e, ++notes) {
        const auto t = global_target(k, targets_[e]);
        mail.out[detail::rank_of(t)].push_back({detail::local_of(t), static_cast<vertex_id>(v)});
      }
    }
    mail.exchange(net_);
    for (int s = 0; s < net_.size(); ++s)
      for (auto i = mail.from[s]; i < mail.from[s + 1]; ++i) {
        children.push_back(mail.in[i].child);
        parents.push_back(detail::global(s, mail.in[i].parent));
      }
    if (!end_batch(v < states_.size(), false)) break;
  }
  // Grouped by child, as the edges are by parent.
  parents_start_.clear();
  parents_start_.grow(states_.size() + 1);
  in_rounds(0, children.size(), [&](std::uint64_t i) {
    ++parents_start_[children[i] + 1];
    return 1;
  });
  for (std::size_t v = 0; v < states_.size(); ++v)
    parents_start_[v + 1] += parents_start_[v];
  parents_.clear();
  parents_.grow(parents.size());
  {
    std::vector<edge_index> next(states_.size());
    for (std::size_t v = 0; v < states_.size(); ++v)
      next[v] = parents_start_[v];
    in_rounds(0, children.size(), [&](std::uint64_t i) {
      parents_[next[children[i]]++] = parents[i];
      return 1;
    });
  }
}

template <game G>
template <class Rule>
void graph<G>::label_propagating(Rule& rule, std::vector<grundy_value>& value) {
  if (parents_start_.empty()) find_predecessors();
  const std::size_t n = states_.size();
  // waiting[v]: successors of v not labelled yet; their labels fill v's row of `labels` as
  // they come, since a label alone does not say which successor it came from.
  std::vector<std::uint32_t> waiting(n);
  detail::block_array<grundy_value> labels;
  labels.grow(edge_count());
  std::vector<vertex_id> ready, next_ready;
  std::vector<grundy_value> successors;
  auto degree = [&](std::size_t v) {
    return static_cast<std::uint32_t>(row_starts_[v + 1] - row_starts_[v]);
  };
  auto settle = [&](vertex_id v) {
    successors.clear();
    for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e)
      successors.push_back(labels[e]);
    value[v] = rule(successors);
    next_ready.push_back(v);
  };
  in_rounds(0, n, [&](std::uint64_t v) {
    if ((waiting[v] = degree(v)) == 0) settle(static_cast<vertex_id>(v));
    return 1;
  });
  std::uint64_t labelled = next_ready.size();
  struct label_note {
    vertex_id parent;
    grundy_value value;
  };
  detail::mailbox<label_note> mail(net_.size());
  while (net_.sum(next_ready.size()) != 0) {
    ready.swap(next_ready);
    next_ready.clear();
    for (std::size_t r = 0;;) {
      mail.clear();
      for (std::size_t notes = 0; r < ready.size() && notes * sizeof(label_note) < options_.exchange_bytes;
           ++r)
        for (auto i = parents_start_[ready[r]]; i < parents_start_[ready[r] + 1]; ++i, ++notes) {
          const auto p = parents_[i];
          mail.out[detail::rank_of(p)].push_back({detail::local_of(p), value[ready[r]]});
        }
      mail.exchange(net_);
      for (auto& note : mail.in) {
        const auto v = note.parent;
        labels[row_starts_[v] + degree(v) - waiting[v]] = note.value;
        if (--waiting[v] == 0) settle(v), ++labelled;
      }
      if (!end_batch(r < ready.size(), false)) break;
    }
  }
  if (net_.sum(labelled) != global_states_) throw on_all_ranks<not_acyclic>();
}

} // namespace grundy::distributed
