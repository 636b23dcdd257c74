// What grundy octal shares between octal codes and the other heap rules (sequence_output.hpp).

#include "sequence_output.hpp"

#include "cli.hpp"
#include "options.hpp"

#include <grundy/io/output_file.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <limits>
#include <ostream>

namespace grundy::cli {

// --max N, checked against what one run can hold: one byte per value at least, `runs` runs at
// once, and heap sizes that fit 32 bits.
std::size_t parse_max(const std::string& text, unsigned runs) {
  // Heap sizes stop at 2^32 - 1.
  const auto n = parse_whole(text, "--max", 1, std::numeric_limits<std::uint32_t>::max());
  const auto memory = physical_memory_bytes();
  if (memory != 0 && n * runs > memory)
    throw usage_error(
        fmt::format("--max {} needs at least {:.1f} GB of memory, more than this machine's {:.1f} GB", n,
                    static_cast<double>(n * runs) / 1e9, static_cast<double>(memory) / 1e9));
  return static_cast<std::size_t>(n);
}

void write_values(const std::string& path, const grundy_sequence& values, const std::atomic<bool>* stop,
                  std::span<const std::string> inputs) {
  write_file_atomically(
      path,
      [&](std::ostream& os) {
        fmt::memory_buffer buffer;
        values.visit([&](auto g) {
          for (std::size_t n = 0; n < g.size(); ++n) {
            fmt::format_to(std::back_inserter(buffer), "{}\n", static_cast<grundy_value>(g[n]));
            if (buffer.size() > (1u << 20)) {
              os.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
              buffer.clear();
            }
          }
        });
        os.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      },
      stop, inputs);
}

std::string period_text(const periodicity& p, const std::optional<std::size_t>& needed) {
  const auto head = p.saltus == 0 ? fmt::format("{} from heap {} on", p.period, p.preperiod)
                                  : fmt::format("arithmetic period {}, saltus {}, from heap {} on", p.period,
                                                p.saltus, p.preperiod);
  if (p.proven) return fmt::format("{} (proven: the theorem needs {} values)", head, needed.value_or(0));
  if (needed) return fmt::format("{}, not proven (the theorem needs {} values)", head, *needed);
  return fmt::format("{}, not proven (no theorem applies)", head);
}

} // namespace grundy::cli
