// The conjunctive, continued conjunctive and selective compounds decided from their components'
// remoteness, suspense numbers and outcomes (compound.hpp).

#include <grundy/compound.hpp>

#include <grundy/detail/work_meter.hpp>
#include <grundy/labelling.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/suspense.hpp>

#include <boost/range/iterator_range.hpp>

#include <array>
#include <stdexcept>
#include <string>

namespace grundy {

std::string_view compound_name(compound_kind k) noexcept {
  switch (k) {
  case compound_kind::conjunctive:
    return "conjunctive";
  case compound_kind::continued_conjunctive:
    return "continued-conjunctive";
  case compound_kind::selective:
    return "selective";
  }
  return "?";
}

compound_labels label_for_compounds(const csr_graph& g, const std::atomic<bool>* stop) {
  compound_labels l;
  l.normal_remoteness = remoteness(g, play_convention::normal, stop);
  l.misere_remoteness = remoteness(g, play_convention::misere, stop);
  try {
    l.normal_suspense = suspense(g, play_convention::normal, stop);
    l.misere_suspense = suspense(g, play_convention::misere, stop);
  } catch (const not_acyclic&) {
    l.acyclic = false;
    l.normal_suspense.clear();
  }
  return l;
}

namespace {

using vertex_choice = std::optional<vertex_id>;

std::string component_name(std::size_t i) { return "component " + std::to_string(i + 1); }

void check_parts(std::span<const compound_part> parts) {
  if (parts.empty()) throw std::invalid_argument("a compound needs at least one component");
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto& p = parts[i];
    if (!p.graph || !p.labels) throw std::invalid_argument(component_name(i) + " has no graph or no labels");
    const auto n = num_vertices(*p.graph);
    if (p.labels->normal_remoteness.size() != n || p.labels->misere_remoteness.size() != n)
      throw std::invalid_argument(component_name(i) + "'s labels are not those of its graph");
    if (p.vertex >= n)
      throw std::invalid_argument(component_name(i) + ": vertex " + std::to_string(p.vertex) +
                                  " is not in its graph");
  }
}

void require_acyclic(std::span<const compound_part> parts, const char* why) {
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (!parts[i].labels->acyclic)
      throw std::invalid_argument(std::string(why) + ": the game graph of " + component_name(i) +
                                  " has a cycle");
}

bool terminal(const compound_part& p) { return out_degree(p.vertex, *p.graph) == 0; }

// The option of p that `better` prefers by its label in `x`, among those `eligible` admits.
template <class Eligible, class Better>
vertex_choice pick(const compound_part& p, const std::vector<remoteness_value>& x, Eligible eligible,
                   Better better) {
  vertex_choice best;
  for (auto e : boost::make_iterator_range(out_edges(p.vertex, *p.graph))) {
    const auto w = static_cast<vertex_id>(target(e, *p.graph));
    if (eligible(x[w]) && (!best || better(x[w], x[*best]))) best = w;
  }
  return best;
}

const auto smaller = [](remoteness_value a, remoteness_value b) { return a < b; };
const auto larger = [](remoteness_value a, remoteness_value b) { return a > b; };

// The move that makes the label `x` of the component last as the player to move wants: the
// winner of the component takes its option lost for the opponent that `win_order` prefers, the
// loser the option that `lose_order` prefers; a draw moves to a draw.
template <class WinOrder, class LoseOrder>
vertex_choice best_option(const compound_part& p, const std::vector<remoteness_value>& x, play_convention c,
                          WinOrder win_order, LoseOrder lose_order) {
  const auto here = x[p.vertex];
  if (here == no_remoteness)
    return pick(
        p, x, [](auto y) { return y == no_remoteness; }, smaller);
  if (!remoteness_loses(here, c))
    return pick(
        p, x, [c](auto y) { return remoteness_loses(y, c); }, win_order);
  return pick(
      p, x, [](auto) { return true; }, lose_order);
}

compound_result conjunctive(std::span<const compound_part> parts, play_convention c) {
  compound_result r;
  remoteness_value least = no_remoteness;
  bool ended = false;
  for (const auto& p : parts) {
    least = std::min(least, p.labels->remoteness(c)[p.vertex]);
    ended = ended || terminal(p);
  }
  r.result = outcome_of_remoteness(least, c);
  if (least != no_remoteness) r.length = least;
  if (ended) return r;
  // The winner hurries in the components it wins and delays in those it loses, so that the
  // least remoteness, its own, goes down by one a move; the loser does the same to hold out.
  for (const auto& p : parts)
    r.move.push_back(best_option(p, p.labels->remoteness(c), c, smaller, larger));
  return r;
}

compound_result continued_conjunctive(std::span<const compound_part> parts, play_convention c) {
  require_acyclic(parts, "a continued conjunctive compound is decided by suspense numbers, which a game "
                         "with cycles does not have");
  compound_result r;
  remoteness_value most = 0;
  bool ended = true;
  for (const auto& p : parts) {
    most = std::max(most, p.labels->suspense(c)[p.vertex]);
    ended = ended && terminal(p);
  }
  r.result = outcome_of_remoteness(most, c);
  r.length = most;
  if (ended) return r;
  // The mirror of the conjunctive compound: the winner delays where it wins and hurries where
  // it loses, so that the largest suspense, its own, goes down by one a move.
  for (const auto& p : parts)
    r.move.push_back(terminal(p) ? vertex_choice{}
                                 : best_option(p, p.labels->suspense(c), c, larger, smaller));
  return r;
}

// What decides a selective compound without draws: how many of its components can still move
// (0, 1, 2 or more), whether they are all lost in normal play, and the misère outcome of the
// first that can move. The moves are chosen over these summaries, component by component.
struct selective_summary {
  bool moved = false;
  int live = 0;
  bool all_normal_p = true;
  bool first_misere_p = false;

  int index() const {
    return (moved ? 12 : 0) + live * 4 + (all_normal_p ? 2 : 0) + (first_misere_p ? 1 : 0);
  }
  static selective_summary of_index(int i) { return {i >= 12, (i % 12) / 4, (i & 2) != 0, (i & 1) != 0}; }

  // Whether the player to move in a compound so summed up loses.
  bool lost(play_convention c) const {
    if (c == play_convention::normal || live >= 2) return all_normal_p;
    return live == 1 && first_misere_p;
  }
};

// A component's position as the summary sees it.
struct selective_class {
  bool terminal, normal_p, misere_p;
};

selective_class class_of(const compound_part& p, vertex_id v) {
  return {out_degree(v, *p.graph) == 0,
          remoteness_loses(p.labels->normal_remoteness[v], play_convention::normal),
          remoteness_loses(p.labels->misere_remoteness[v], play_convention::misere)};
}

selective_summary add(selective_summary s, selective_class k, bool moved) {
  s.moved = s.moved || moved;
  if (k.terminal) return s;
  if (s.live == 0) s.first_misere_p = k.misere_p;
  s.live = std::min(s.live + 1, 2);
  s.all_normal_p = s.all_normal_p && k.normal_p;
  return s;
}

compound_result selective(std::span<const compound_part> parts, play_convention c,
                          const std::atomic<bool>* stop) {
  compound_result r;
  const auto& normal = [](const compound_part& p) -> const auto& { return p.labels->normal_remoteness; };
  if (c == play_convention::normal) {
    // A draw in one component is a draw of the compound: its player keeps it drawn, and no
    // option of a draw is lost for the opponent, so the compound never reaches all lost.
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (normal(parts[i])[parts[i].vertex] == no_remoteness) {
        r.result = outcome::d;
        r.move.assign(parts.size(), std::nullopt);
        r.move[i] = best_option(parts[i], normal(parts[i]), c, smaller, larger);
        return r;
      }
  } else {
    require_acyclic(parts, "the misère selective compound is decided for games without cycles only");
  }
  selective_summary now;
  for (const auto& p : parts)
    now = add(now, class_of(p, p.vertex), false);
  r.result = now.lost(c) ? outcome::p : outcome::n;
  if (now.live == 0) return r;

  // Per component, the summaries reachable, each with the component's choice (nullopt: not
  // moved) and the summary before it; one option per class of positions, the quickest.
  constexpr int states = 24;
  struct step {
    bool reached = false;
    int before = 0;
    vertex_choice choice;
  };
  std::vector<std::array<step, states>> table(parts.size() + 1);
  table[0][selective_summary{}.index()].reached = true;
  detail::work_meter meter;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto& p = parts[i];
    const auto& x = p.labels->remoteness(c);
    std::vector<std::pair<selective_class, vertex_choice>> choices{{class_of(p, p.vertex), std::nullopt}};
    std::array<vertex_choice, 8> quickest{};
    for (auto e : boost::make_iterator_range(out_edges(p.vertex, *p.graph))) {
      if (meter.due()) detail::check_stop(stop);
      const auto w = static_cast<vertex_id>(target(e, *p.graph));
      const auto k = class_of(p, w);
      auto& q = quickest[(k.terminal ? 4 : 0) + (k.normal_p ? 2 : 0) + (k.misere_p ? 1 : 0)];
      if (!q || x[w] < x[*q]) q = w;
    }
    for (const auto& q : quickest)
      if (q) choices.emplace_back(class_of(p, *q), q);
    for (int s = 0; s < states; ++s) {
      if (!table[i][s].reached) continue;
      for (const auto& [k, choice] : choices) {
        auto& next = table[i + 1][add(selective_summary::of_index(s), k, choice.has_value()).index()];
        if (!next.reached) next = {true, s, choice};
      }
    }
  }
  int goal = -1;
  for (int s = 0; s < states && goal < 0; ++s)
    if (table.back()[s].reached && selective_summary::of_index(s).moved &&
        selective_summary::of_index(s).lost(c))
      goal = s;
  r.move.assign(parts.size(), std::nullopt);
  if (goal < 0) {
    // Lost: one component moved, the slowest way, to hold out.
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (!terminal(parts[i])) {
        r.move[i] = pick(
            parts[i], parts[i].labels->remoteness(c), [](auto) { return true; }, larger);
        return r;
      }
  }
  for (std::size_t i = parts.size(); i-- > 0;) {
    r.move[i] = table[i + 1][goal].choice;
    goal = table[i + 1][goal].before;
  }
  return r;
}

} // namespace

compound_result solve_compound(compound_kind kind, std::span<const compound_part> parts,
                               play_convention convention, const std::atomic<bool>* stop) {
  check_parts(parts);
  detail::check_stop(stop);
  switch (kind) {
  case compound_kind::conjunctive:
    return conjunctive(parts, convention);
  case compound_kind::continued_conjunctive:
    return continued_conjunctive(parts, convention);
  case compound_kind::selective:
    return selective(parts, convention, stop);
  }
  throw std::invalid_argument("unknown compound");
}

} // namespace grundy
