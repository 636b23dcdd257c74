#pragma once
// Each subcommand lives in its own source and adds itself to the application here.

#include <CLI/CLI.hpp>

namespace grundy::cli {

void add_graph_command(CLI::App& app);
void add_table_command(CLI::App& app);
void add_hint_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_octal_command(CLI::App& app);
void add_misere_command(CLI::App& app);
void add_compound_command(CLI::App& app);
void add_serve_command(CLI::App& app);

} // namespace grundy::cli
