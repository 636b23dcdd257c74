#include <grundy/detail/work_meter.hpp>
#include <grundy/heap/sequence.hpp>
#include <grundy/labelling.hpp>

#include <vector>

namespace grundy {

// The generic engine: every option of every heap. Faster engines for particular kinds of rules
// take over from it where they exist; it stays the reference they are checked against.
grundy_sequence heap_values(const heap_rule& rule, std::size_t count, const std::atomic<bool>* stop) {
  grundy_sequence values;
  values.reserve(count);
  std::vector<char> seen;
  detail::work_meter meter;
  for (std::size_t h = 0; h < count; ++h) {
    seen.assign(seen.size(), 0);
    rule.for_each_option(static_cast<heap_size>(h), [&](std::span<const heap_size> option) {
      grundy_value x = 0;
      for (heap_size k : option)
        x ^= values[k];
      if (x >= seen.size()) seen.resize(x + 1, 0);
      seen[x] = 1;
      if (meter.due(1)) detail::check_stop(stop);
    });
    grundy_value g = 0;
    while (g < seen.size() && seen[g])
      ++g;
    values.push_back(g);
  }
  return values;
}

} // namespace grundy
