#include <grundy/io/output_file.hpp>
#include <grundy/io/render.hpp>

#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <ostream>
#include <poll.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace grundy::io {

namespace {

// dot, running with its standard output on a pipe; ended and reaped however the drawing ends.
class dot_process {
public:
  // The DOT file is dot's standard input, not an argument, so that no file name (one starting
  // with '-', say) is ever read as one of dot's options; what dot says on its standard error is
  // kept for the message.
  dot_process(const std::string& dot_path, std::string_view format) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      throw render_failed(fmt::format("cannot run dot: {}", std::strerror(errno)));
    read_end_ = fds[0];
    errors_ = ::memfd_create("dot-errors", MFD_CLOEXEC);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, dot_path.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    if (errors_ >= 0) posix_spawn_file_actions_adddup2(&actions, errors_, STDERR_FILENO);
    const std::string type = fmt::format("-T{}", format);
    std::vector<char*> argv{const_cast<char*>("dot"), const_cast<char*>(type.c_str()), nullptr};
    const int spawned = posix_spawnp(&pid_, "dot", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (spawned != 0) {
      pid_ = -1;
      throw render_failed("drawing needs Graphviz's dot, which was not found (install graphviz)");
    }
  }

  // dot's first line on its standard error, once it has ended ("" when it said nothing).
  std::string first_error_line() const {
    if (errors_ < 0) return {};
    std::string text(512, '\0');
    const auto n = ::pread(errors_, text.data(), text.size(), 0);
    text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    text = text.substr(0, text.find('\n'));
    while (!text.empty() && (text.back() == '\r' || text.back() == ' '))
      text.pop_back();
    return text;
  }

  ~dot_process() {
    if (read_end_ >= 0) ::close(read_end_);
    if (errors_ >= 0) ::close(errors_);
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      wait();
    }
  }
  dot_process(const dot_process&) = delete;
  dot_process& operator=(const dot_process&) = delete;

  // Copies what dot draws to `os`; false once *stop is set.
  bool copy(std::ostream& os, const std::atomic<bool>* stop) {
    std::vector<char> buffer(1 << 16);
    for (;;) {
      if (stop && stop->load()) return false;
      pollfd waiting{read_end_, POLLIN, 0};
      if (::poll(&waiting, 1, 200) == 0) continue;
      const auto n = ::read(read_end_, buffer.data(), buffer.size());
      if (n == 0) return true;
      if (n < 0) {
        if (errno == EINTR) continue;
        throw render_failed(fmt::format("cannot read what dot drew: {}", std::strerror(errno)));
      }
      os.write(buffer.data(), n);
    }
  }

  // dot's exit status, once it has ended.
  int wait() {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return status;
  }

private:
  pid_t pid_ = -1;
  int read_end_ = -1;
  int errors_ = -1;
};

} // namespace

std::string picture_path(const std::string& dot_path, std::string_view format) {
  auto picture = std::filesystem::path(dot_path).replace_extension(format).string();
  if (picture == dot_path) picture += std::string(".") += format;
  return picture;
}

std::string render_dot(const std::string& dot_path, std::string_view format, const std::atomic<bool>* stop,
                       std::span<const std::string> inputs) {
  if (format != "svg" && format != "png")
    throw std::invalid_argument(fmt::format("pictures are svg or png, not '{}'", format));
  const auto picture = picture_path(dot_path, format);
  std::vector<std::string> keep(inputs.begin(), inputs.end());
  keep.push_back(dot_path);
  // Refused before dot runs, so that a name that may not be written costs nothing.
  resolve_output(picture, keep);
  dot_process dot(dot_path, format);
  write_file(
      picture,
      [&](std::ostream& os) {
        if (!dot.copy(os, stop)) return; // write_file sees the stop and drops the file
        const int status = dot.wait();
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
          const auto said = dot.first_error_line();
          throw render_failed(said.empty() ? fmt::format("dot could not draw '{}'", dot_path)
                                           : fmt::format("dot could not draw '{}': {}", dot_path, said));
        }
      },
      stop, keep);
  return picture;
}

} // namespace grundy::io
