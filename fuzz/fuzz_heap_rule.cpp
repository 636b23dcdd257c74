// Heap rules as typed (grundy octal RULE, /api/octal?code=RULE, grundy.heap_rule): octal and
// hexadecimal codes, S(...) and allbut(...) subtraction sets, grundy, squares. The parser accepts
// a rule or throws invalid_heap_rule or invalid_code (its message free of control characters,
// the text escaped), and nothing else; a rule it accepts prints
// back (str) to text that parses to the same rule; every option of a small heap leaves heaps
// smaller than it and none empty; and the engine the rule's kind runs gives the first values
// a mex over those options gives, computed here from nothing else.

#include "check.hpp"

#include <grundy/heap/rule.hpp>
#include <grundy/heap/sequence.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

using grundy::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::optional<grundy::heap_rule> parsed;
  try {
    parsed = grundy::heap_rule::parse(text);
  } catch (const grundy::invalid_heap_rule& e) {
    require(grundy::fuzz::shown_as_is(e.what()), "a message shows what it echoes as a portable name");
    return 0;
  } catch (const grundy::invalid_code& e) {
    require(grundy::fuzz::shown_as_is(e.what()), "a message shows what it echoes as a portable name");
    return 0;
  }
  const auto& rule = *parsed;
  const auto printed = rule.str();
  const auto again = grundy::heap_rule::parse(printed);
  require(again == rule, "a rule's text parses back to the same rule");
  require(again.str() == printed, "a rule's text is normalised");

  // Few values, each a mex over at most a few thousand options (three heaps of 40 at most).
  constexpr std::size_t count = 40;
  std::vector<grundy::grundy_value> values;
  for (grundy::heap_size h = 0; h < count; ++h) {
    std::vector<bool> seen;
    rule.for_each_option(h, [&](std::span<const grundy::heap_size> option) {
      grundy::grundy_value x = 0;
      for (auto part : option) {
        require(part > 0 && part < h, "an option leaves heaps smaller than the heap, none empty");
        x ^= values[part];
      }
      if (x >= seen.size()) seen.resize(x + 1);
      seen[x] = true;
    });
    grundy::grundy_value mex = 0;
    while (mex < seen.size() && seen[mex])
      ++mex;
    values.push_back(mex);
  }
  const auto engine = grundy::heap_values(rule, count);
  require(engine.size() == count, "the engine gives every value asked for");
  for (std::size_t h = 0; h < count; ++h)
    require(engine[h] == values[h], "the engine's values are the mex of the options' values");
  return 0;
}
