// grundy: game graphs and Sprague-Grundy values of impartial games.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"

#include <grundy/graph.hpp>

#include <stdexcept>

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <new>
#include <string>

namespace {

// Every failure reaches the user as one line on stderr.
void report(const std::string& message) {
  std::string line = message;
  for (auto& c : line)
    if (c == '\n') c = ' ';
  fmt::print(stderr, "grundy: {}\n", line);
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"grundy: game graphs and Sprague-Grundy values of impartial games", "grundy"};
  app.require_subcommand(1);
  app.set_version_flag("--version", GRUNDY_VERSION);
  grundy::cli::add_table_command(app);
  grundy::cli::add_graph_command(app);
  grundy::cli::add_hint_command(app);
  grundy::cli::add_play_command(app);
  grundy::cli::add_octal_command(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    report(fmt::format("{} (see grundy --help)", e.what()));
    return 2;
  } catch (const grundy::cli::usage_error& e) {
    report(e.what());
    return 2;
  } catch (const std::invalid_argument& e) { // invalid codes, sizes and positions
    report(e.what());
    return 2;
  } catch (const grundy::interrupted& e) {
    report(grundy::cli::describe_stop(e));
    return 130;
  } catch (const grundy::exploration_stopped& e) {
    report(grundy::cli::describe_stop(e));
    return 1;
  } catch (const std::bad_alloc&) {
    report("out of memory (lower the size, or set --max-states)");
    return 1;
  } catch (const std::exception& e) {
    report(e.what());
    return 1;
  }
  return 0;
}
