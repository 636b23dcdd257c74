// grundy: game graphs and Sprague-Grundy values of impartial games.

#include "cli.hpp"
#include "commands.hpp"
#include "processes.hpp"

#include <grundy/version.hpp>

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <ostream>
#include <string>

int main(int argc, char** argv) {
  const grundy::cli::processes processes(argc, argv);
  CLI::App app{"grundy: game graphs and Sprague-Grundy values of impartial games", "grundy"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(grundy::version()));
  grundy::cli::add_table_command(app);
  grundy::cli::add_graph_command(app);
  grundy::cli::add_hint_command(app);
  grundy::cli::add_play_command(app);
  grundy::cli::add_octal_command(app);
  grundy::cli::add_misere_command(app);
  grundy::cli::add_compound_command(app);
  grundy::cli::add_serve_command(app);
  // Under mpirun every rank runs the command: only graph and octal know how to share the work.
  if (processes.distributed())
    for (auto* command : app.get_subcommands(
             [](CLI::App* c) { return c->get_name() != "graph" && c->get_name() != "octal"; }))
      command->preparse_callback([name = command->get_name()](std::size_t) {
        throw grundy::cli::usage_error(fmt::format(
            "grundy {} runs as one process: only grundy graph and grundy octal run under mpirun", name));
      });

  // Help and version are printed once, by rank 0 under mpirun.
  std::ostream nowhere(nullptr);
  std::ostream& out = processes.leader() ? std::cout : nowhere;
  std::ostream& err = processes.leader() ? std::cerr : nowhere;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, out, err);
  } catch (...) {
    // The command that failed, for advice naming its options: parsed, or at least named.
    std::string command;
    for (const auto* c : app.get_subcommands())
      command = c->get_name();
    // CLI11 would say that a subcommand is required, as if none had been typed.
    if (command.empty() && argc > 1 && argv[1][0] != '-')
      return processes.fail(std::make_exception_ptr(grundy::cli::usage_error(fmt::format(
          "unknown command '{}': table, graph, hint, play, octal, misere, compound or serve (see grundy --help)",
          grundy::portable_name(argv[1])))));
    return processes.fail(std::current_exception(), command);
  }
  // A result that did not reach standard output (a full disk, a closed descriptor) is a failure,
  // not a success that printed nothing.
  std::cout.flush();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout)
    return processes.fail(std::make_exception_ptr(grundy::cli::run_error(
        fmt::format("cannot write the standard output: {}", std::strerror(errno ? errno : EIO)))));
  return 0;
}
