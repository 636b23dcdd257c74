// Games written in Python, explored and labelled by the library's own builders: the user's
// successors() is the only Python that runs per position.

#include "bindings.hpp"

#include <grundy/strategy.hpp>

#include <pybind11/stl.h>

#include <boost/unordered/unordered_flat_map.hpp>

#include <chrono>
#include <deque>
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
      PyErr_Clear();
      throw py::type_error("states must be hashable (tuples, not lists): " + py::repr(v).cast<std::string>());
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
      return;
    }
    auto& sh = *shared_;
    if (auto it = sh.ready.find(s); it != sh.ready.end()) {
      out = std::move(it->second);
      sh.ready.erase(it);
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
  }

  std::string format(const state_type& s) const {
    if (format_) return py::str(format_(s.value)).cast<std::string>();
    return py::repr(s.value).cast<std::string>();
  }

  double user_seconds() const { return shared_->user_seconds; }

  // Drops what successors_many computed ahead, once the graph is built.
  void forget_batches() const {
    shared_->queued.clear();
    shared_->pending.clear();
    shared_->ready.clear();
  }

private:
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
  template <class G> static py::object to_python(const G&, const py_state& s) { return s.value; }
};

bool is_graded(const py::object& user) {
  return py::hasattr(user, "graded") && py::bool_(user.attr("graded")).cast<bool>();
}

// Calls f(game) with the game built for `user`, graded or not.
template <class F> auto with_game(const py::object& user, F&& f) {
  if (is_graded(user)) return f(python_game<true>(user));
  return f(python_game<false>(user));
}

// The library runs with the GIL held: every step may call Python. One thread explores, since
// the user's functions are Python's.
build_options python_options(const solve_settings& settings) {
  auto o = settings.options(nullptr);
  o.threads = 1;
  return o;
}

template <class G>
hint_result hint_game(const G& g, const py::object& position, bool misere, const solve_settings& settings) {
  const auto s = g.wrap(position);
  const auto convention = misere ? play_convention::misere : play_convention::normal;
  const graph_strategy<G> strategy(g, s, convention, python_options(settings));
  hint_result h;
  h.position = s.value;
  h.outcome = to_char(strategy.outcome_of(s));
  h.misere = misere;
  for (auto& m : strategy.winning_moves(s)) {
    h.moves.append(m.value);
    h.descriptions.push_back(describe_move(g, s, m));
  }
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
    auto solved = grundy::solve(g, g.wrap(start), python_options(settings));
    g.forget_batches();
    const auto seconds = g.user_seconds();
    return result{std::make_shared<solved_game<G, python_traits>>(g, std::move(solved),
                                                                  cli::fields{{"game", "python"}}, seconds)};
  });
}

py::list winning_moves_python(const py::object& game, const py::object& position, bool misere,
                              const solve_settings& settings) {
  return with_game(game, [&](auto g) { return hint_game(g, position, misere, settings).moves; });
}

hint_result hint_python(const py::object& game, const py::object& position, bool misere,
                        const solve_settings& settings) {
  return with_game(game, [&](auto g) { return hint_game(g, position, misere, settings); });
}

} // namespace grundy::python
