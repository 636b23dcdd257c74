#pragma once
// Runs the built grundy binary, as a user would, and captures what it prints.

#include "test_files.hpp"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <stdexcept>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#ifndef GRUNDY_CLI
#error "GRUNDY_CLI must name the grundy binary"
#endif

extern char** environ;

namespace grundy_test {

struct cli_result {
  int status = -1; // the exit status, or minus the signal that ended the process
  std::string out;
  std::string err;
  std::uint64_t peak_bytes = 0; // the process's peak resident memory (process::wait only)

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

// grundy with these arguments, standard input empty, outputs captured in files.
class process {
public:
  explicit process(const std::vector<std::string>& args) {
    static int count = 0;
    const auto stem = scratch_directory("grundy-cli-process") / ("run" + std::to_string(count++));
    out_ = stem.string() + ".out";
    err_ = stem.string() + ".err";
    std::vector<std::string> words{GRUNDY_CLI};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& w : words)
      argv.push_back(w.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&files, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&files, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int failed = posix_spawn(&pid_, argv[0], &files, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&files);
    if (failed != 0) throw std::runtime_error(std::string("cannot start ") + GRUNDY_CLI);
  }

  void signal(int number) const { ::kill(pid_, number); }

  cli_result wait() const {
    int raw = 0;
    rusage usage{};
    while (::wait4(pid_, &raw, 0, &usage) < 0 && errno == EINTR) {
    }
    return {WIFEXITED(raw)     ? WEXITSTATUS(raw)
            : WIFSIGNALED(raw) ? -WTERMSIG(raw)
                               : -1,
            slurp(out_), slurp(err_),
            static_cast<std::uint64_t>(usage.ru_maxrss) * 1024}; // Linux reports kilobytes
  }

private:
  pid_t pid_ = 0;
  std::string out_, err_;
};

} // namespace grundy_test
