// Games written in Python, explored and labelled by the library's own builders: the user's
// successors() is the only Python that runs per position.

#include "bindings.hpp"

#include <grundy/strategy/make_strategy.hpp>

#include <pybind11/stl.h>

#include <boost/unordered/unordered_flat_map.hpp>

#include <chrono>
#include <deque>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace grundy::python {

namespace {

// A Python state as the library's builders need one: a value type, hashed by Python's hash
// once and for all (the builders hash a state several times), equal by Python's ==. Copies
// touch reference counts, so every use runs with the GIL held.
struct py_state {
  py::object value;
  std::size_t hash = 0;

  friend bool operator==(const py_state& a, const py_state& b) {
    if (a.hash != b.hash) return false;
    if (a.value.ptr() == b.value.ptr()) return true;
    return a.value.equal(b.value);
  }
};

std::size_t hash_value(const py_state& s) noexcept { return s.hash; }

using clock = std::chrono::steady_clock;

std::string moves_word(std::uint64_t n) { return std::to_string(n) + (n == 1 ? " move" : " moves"); }

// What the game's copies share: the time spent inside the user's functions, and the batches
// of successors_many waiting to be handed out one state at a time.
struct shared_part {
  double user_seconds = 0;
  std::uint64_t calls = 0;
  // successors_many: every state queued once (true once expanded), the states met but not yet
  // expanded in the order met (the builders expand in about that order), and the successors
  // computed ahead.
  boost::unordered_flat_map<py_state, bool, boost::hash<py_state>> queued;
  std::deque<py_state> pending;
  boost::unordered_flat_map<py_state, std::vector<py_state>, boost::hash<py_state>> ready;
  // graded = True: every state met so far and its level (see check_levels).
  boost::unordered_flat_map<py_state, std::uint64_t, boost::hash<py_state>> levels;
};

// States handed to successors_many at once: enough for its per-call cost to vanish, few enough
// that the successors computed ahead stay a small part of the graph's memory.
constexpr std::size_t batch_size = 4096;

// A game written in Python, as a grundy::game. Canonical forms are taken when states come in
// from Python (so canonical() is the identity here): each state meets the user's canonical()
// once. `Graded` is the user's `graded = True`, which lets the library index one level at a time.
template <bool Graded> class python_game {
public:
  using state_type = py_state;
  static constexpr bool graded = Graded;

  explicit python_game(const py::object& user) : shared_(std::make_shared<shared_part>()) {
    if (py::hasattr(user, "successors")) successors_ = user.attr("successors");
    if (py::hasattr(user, "successors_many")) many_ = user.attr("successors_many");
    if (!successors_ && !many_)
      throw py::type_error("a game needs a method successors(state) returning the states one move leads to "
                           "(or successors_many(states))");
    if (py::hasattr(user, "canonical")) canonical_ = user.attr("canonical");
    if (py::hasattr(user, "format")) format_ = user.attr("format");
  }

  // A state from Python: in canonical form, with its hash.
  py_state wrap(const py::handle& value) const {
    py::object v = canonical_ ? timed(canonical_, value) : py::reinterpret_borrow<py::object>(value);
    const auto h = PyObject_Hash(v.ptr());
    if (h == -1) {
      // Only a TypeError says the state cannot be hashed; anything else its __hash__ raised
      // (KeyboardInterrupt, a bug in the user's code) goes on as itself.
      if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw py::error_already_set();
      const py::error_already_set cause;
      throw py::type_error("states must be hashable (tuples, not lists): " + py::repr(v).cast<std::string>() +
                           " (" + std::string(cause.what()) + ")");
    }
    return {std::move(v), static_cast<std::size_t>(h)};
  }

  state_type canonical(const state_type& s) const { return s; }

  void successors(const state_type& s, std::vector<state_type>& out) const {
    // Ctrl-C: Python's handler runs here between two positions, and its KeyboardInterrupt
    // leaves the builder as an exception.
    if ((++shared_->calls & 0x3FF) == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!many_) {
      for (auto item : timed(successors_, s.value))
        out.push_back(wrap(item));
      check_levels(s, out);
      return;
    }
    auto& sh = *shared_;
    if (auto it = sh.ready.find(s); it != sh.ready.end()) {
      out = std::move(it->second);
      sh.ready.erase(it);
      check_levels(s, out);
      return;
    }
    sh.queued[s] = true;
    std::vector<py_state> batch{s};
    while (batch.size() < batch_size && !sh.pending.empty()) {
      auto next = std::move(sh.pending.front());
      sh.pending.pop_front();
      if (auto& expanded = sh.queued[next]; !expanded) {
        expanded = true;
        batch.push_back(std::move(next));
      }
    }
    py::list values;
    for (auto& b : batch)
      values.append(b.value);
    const py::object lists = timed(many_, values);
    if (py::len(lists) != batch.size())
      throw py::value_error("successors_many returned " + std::to_string(py::len(lists)) + " lists for " +
                            std::to_string(batch.size()) + " states");
    std::size_t i = 0;
    for (auto list : lists) {
      std::vector<py_state> moves;
      for (auto item : list) {
        auto m = wrap(item);
        if (sh.queued.try_emplace(m, false).second) sh.pending.push_back(m);
        moves.push_back(std::move(m));
      }
      if (i == 0)
        out = std::move(moves);
      else
        sh.ready.emplace(batch[i], std::move(moves));
      ++i;
    }
    check_levels(s, out);
  }

  // The start of an exploration: level 0 of a graded game.
  void set_start(const state_type& start) const {
    if constexpr (Graded) {
      shared_->levels.clear();
      shared_->levels.emplace(start, 0);
    }
  }

  std::string format(const state_type& s) const {
    if (format_) return py::str(format_(s.value)).cast<std::string>();
    return py::repr(s.value).cast<std::string>();
  }

  double user_seconds() const { return shared_->user_seconds; }

  // Drops what successors_many computed ahead and the levels checked, once the graph is built.
  void forget_batches() const {
    shared_->queued.clear();
    shared_->pending.clear();
    shared_->ready.clear();
    shared_->levels.clear();
  }

private:
  // graded = True lets the builder index one level at a time; a game that is not graded would
  // then be counted wrong, and one with cycles explored forever. So each state's level (its
  // distance from the start) is recorded as the builder meets it, and a move that does not go
  // exactly one level down is refused. The builder expands level by level, so a parent's
  // level is always known.
  void check_levels(const state_type& parent, const std::vector<state_type>& moves) const {
    if constexpr (Graded) {
      auto& levels = shared_->levels;
      const auto it = levels.find(parent);
      if (it == levels.end()) return; // not an exploration from set_start (a lone hint's moves)
      const std::uint64_t below = it->second + 1;
      for (auto& m : moves) {
        const auto [seen, added] = levels.try_emplace(m, below);
        if (!added && seen->second != below)
          throw py::value_error("graded = True is wrong for this game: " + format(m) +
                                " is reached from the start in " + moves_word(seen->second) +
                                " and also in " + std::to_string(below) + " (by a move from " +
                                format(parent) +
                                "), where a graded game's moves all go exactly one level down: every "
                                "position is always the same number of moves from the start, and no "
                                "move comes back");
      }
    }
  }

  template <class... A> py::object timed(const py::object& f, A&&... args) const {
    const auto t0 = clock::now();
    py::object r = f(std::forward<A>(args)...);
    shared_->user_seconds += std::chrono::duration<double>(clock::now() - t0).count();
    return r;
  }

  py::object successors_, many_, canonical_, format_;
  std::shared_ptr<shared_part> shared_;
};

struct python_traits {
  static constexpr bool formats_in_python = true;
  template <class G> static py::object to_python(const G&, const py_state& s) { return s.value; }
};

// A game without `graded` is not graded; an error raised by the attribute itself (a property
// that fails) comes out as it is, not as "not graded".
bool is_graded(const py::object& user) {
  PyObject* value = PyObject_GetAttrString(user.ptr(), "graded");
  if (!value) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError)) throw py::error_already_set();
    PyErr_Clear();
    return false;
  }
  const int truth = PyObject_IsTrue(value);
  Py_DECREF(value);
  if (truth < 0) throw py::error_already_set();
  return truth == 1;
}

// Calls f(game) with the game built for `user`, graded or not.
template <class F> auto with_game(const py::object& user, F&& f) {
  if (is_graded(user)) return f(python_game<true>(user));
  return f(python_game<false>(user));
}

// The library runs with the GIL held: every step may call Python. One thread explores, since
// the user's functions are Python's. `stop` ends the steps that call no Python (labelling).
build_options python_options(const solve_settings& settings, const std::atomic<bool>* stop) {
  auto o = settings.options(stop);
  o.threads = 1;
  return o;
}

template <class G>
hint_result hint_game(const G& g, const py::object& position, bool misere, const solve_settings& settings,
                      std::size_t most) {
  const auto s = g.wrap(position);
  const auto convention = misere ? play_convention::misere : play_convention::normal;
  g.set_start(s);
  const auto strategy = interruptible([&](const std::atomic<bool>* stop) {
    return graph_strategy<G>(g, s, convention, python_options(settings, stop));
  });
  g.forget_batches();
  hint_result h;
  h.position = s.value;
  h.outcome = to_char(strategy.outcome_of(s));
  h.misere = misere;
  // The graph is held already: every move is found, and the first `most` are listed, the
  // fastest win first.
  auto moves = strategy.winning_moves(s);
  sort_fastest_first(strategy, moves);
  h.winning_move_count = moves.size();
  std::vector<std::optional<remoteness_value>> after;
  for (std::size_t i = 0; i < moves.size() && i < most; ++i) {
    h.moves.append(moves[i].value);
    h.descriptions.push_back(describe_move(g, s, moves[i]));
    after.push_back(strategy.remoteness_of(moves[i]));
  }
  set_remoteness(h, true, strategy.remoteness_of(s), after);
  if (h.outcome == 'D')
    for (auto& m : strategy.drawing_moves(s)) {
      h.drawing_moves.append(m.value);
      h.drawing_descriptions.push_back(describe_move(g, s, m));
    }
  return h;
}

} // namespace

result solve_python(const py::object& game, const py::object& start, const solve_settings& settings) {
  return with_game(game, [&](auto g) {
    using G = decltype(g);
    const auto s = g.wrap(start);
    g.set_start(s);
    auto solved = interruptible([&](const std::atomic<bool>* stop) {
      return grundy::solve(g, s, python_options(settings, stop), settings.remoteness);
    });
    g.forget_batches();
    const auto seconds = g.user_seconds();
    return result_of<G, python_traits>(g, std::move(solved), settings.remoteness,
                                       io::fields{{"game", "python"}}, seconds);
  });
}

py::list winning_moves_python(const py::object& game, const py::object& position, bool misere,
                              const solve_settings& settings) {
  return with_game(game, [&](auto g) {
    return hint_game(g, position, misere, settings, std::numeric_limits<std::size_t>::max()).moves;
  });
}

hint_result hint_python(const py::object& game, const py::object& position, bool misere,
                        const solve_settings& settings, std::size_t max_moves) {
  return with_game(game, [&](auto g) { return hint_game(g, position, misere, settings, max_moves); });
}

} // namespace grundy::python
