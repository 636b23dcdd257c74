// bench_misere_forms: the misère simplest forms' table, as medians of a few runs.
//
//   bench_misere_forms [RUNS]   the forms born by day 4 made (22), the count of day 5 (2^22
//                               sets checked), and the forms of Kayles' heaps 1..40
//
// Times are wall-clock and, in brackets, CPU time, the steadier figure on a shared machine.

#include "timing.hpp"

#include <grundy/games/octal.hpp>
#include <grundy/graph.hpp>
#include <grundy/misere/forms.hpp>

#include <fmt/format.h>

#include <string>
#include <vector>

int main(int argc, char** argv) {
  using namespace grundy;
  const int runs = argc > 1 ? std::stoi(argv[1]) : 3;
  std::vector<bench::timing> day4, day5, kayles;
  std::size_t made = 0;
  std::uint64_t counted = 0;
  std::size_t kayles_forms = 0;
  for (int r = 0; r < runs; ++r) {
    day4.push_back(bench::measure([&] {
      misere_forms forms;
      made = born_by(forms, 4).size();
    }));
    day5.push_back(bench::measure([&] { counted = count_born_by(5); }));
    kayles.push_back(bench::measure([&] {
      const octal_game game(octal_code::parse("0.77"));
      misere_forms forms;
      const auto gg = build_graph(game, heaps{40});
      misere_forms_of(gg.graph, forms);
      kayles_forms = forms.size();
    }));
  }
  fmt::print("forms born by day 4 ({}): {}\n", made, bench::summary(day4));
  fmt::print("count of day 5 ({}): {}\n", counted, bench::summary(day5));
  fmt::print("forms of every position of Kayles' heap of 40 ({} forms): {}\n", kayles_forms,
             bench::summary(kayles));
}
