// Run by test_cli_mpi under mpiexec: one rank fails on its own in the middle of an exploration,
// while the others wait for it in a collective call. The job must end at once, with one line
// from the failing rank, as grundy's command line does.

#include <grundy/distributed.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Take 1 or 2 tokens, except that the heap of 20 cannot be expanded: only its owner meets it.
struct failing_game {
  using state_type = unsigned;
  state_type canonical(state_type s) const { return s; }
  void successors(state_type s, std::vector<state_type>& out) const {
    if (s == 20) throw std::runtime_error("cannot expand the heap of 20");
    for (unsigned k = 1; k <= 2 && k <= s; ++k)
      out.push_back(s - k);
  }
  std::string format(state_type s) const { return std::to_string(s); }
};

} // namespace

int main(int argc, char** argv) {
  grundy::distributed::environment mpi(argc, argv);
  try {
    grundy::distributed::solve(failing_game{}, 40u);
  } catch (const grundy::distributed::rank_failure& e) {
    std::fprintf(stderr, "probe: %s\n", e.what());
    std::fflush(stderr);
    mpi.abort(3);
  }
  return 0;
}
