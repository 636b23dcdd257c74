#pragma once
// The engines behind heap_values, one per kind of rule, each extending a sequence in place so
// that an analysis can check periodicity between chunks without recomputing anything.

#include <grundy/detail/work_meter.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/octal/sequence.hpp>
#include <grundy/stop.hpp>

#include <atomic>
#include <cstddef>
#include <memory>
#include <string_view>

namespace grundy::detail {

class heap_engine {
public:
  virtual ~heap_engine() = default;
  // Appends G(values.size()), ..., G(count - 1); `values` holds this rule's first values.
  // Throws `stopped` within a fraction of a second of *stop turning true.
  virtual void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) = 0;
  // The engine's name, as reports print it.
  virtual std::string_view name() const noexcept = 0;
  // Heaps the engine counts as rare (the rare/common engine only).
  virtual std::size_t rare_count() const noexcept { return 0; }
};

// The fastest engine for the rule's kind; the generic one where no faster exists.
std::unique_ptr<heap_engine> make_heap_engine(const heap_rule& rule);

// Every option of every heap: the reference the others are checked against.
std::unique_ptr<heap_engine> make_generic_engine(const heap_rule& rule);
std::unique_ptr<heap_engine> make_octal_engine(const octal_code& code);
std::unique_ptr<heap_engine> make_subtraction_engine(const subtraction_rule& rule);
std::unique_ptr<heap_engine> make_all_but_engine(const subtraction_rule& rule);
std::unique_ptr<heap_engine> make_take_a_square_engine();
std::unique_ptr<heap_engine> make_grundys_game_engine();

inline void check_sequence_stop(const std::atomic<bool>* stop) {
  if (stop_requested(stop)) throw stopped("the sequence was stopped", stop_reason::interrupted);
}

// Appends one value to an engine's output (values are appended one by one, and the sequence
// widens its storage itself when a value needs it).
inline void append(grundy_sequence& values, grundy_value g) { values.push_back(g); }

} // namespace grundy::detail
