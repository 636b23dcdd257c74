#pragma once
// Runs the built grundy binary, as a user would, and captures what it prints.

#include "test_files.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#ifndef GRUNDY_CLI
#error "GRUNDY_CLI must name the grundy binary"
#endif

namespace grundy_test {

struct cli_result {
  int status = -1;
  std::string out;
  std::string err;

  // Error reports must be one line.
  std::size_t err_lines() const { return count_lines(err); }
};

// `args` is shell text appended to the binary's path; standard input is `input` (empty by
// default), as if piped in.
inline cli_result run_cli(const std::string& args, const std::string& input = {}) {
  static int calls = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("grundy-cli-" + std::to_string(::getpid()) + "-" + std::to_string(calls++));
  std::filesystem::create_directories(dir);
  const auto in = dir / "in", out = dir / "out", err = dir / "err";
  std::ofstream(in, std::ios::binary) << input;
  const std::string command = std::string("'") + GRUNDY_CLI + "' " + args + " <'" + in.string() + "' >'" +
                              out.string() + "' 2>'" + err.string() + "'";
  const int raw = std::system(command.c_str());
  cli_result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove_all(dir);
  return r;
}

} // namespace grundy_test
