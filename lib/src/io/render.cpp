#include <grundy/io/export_formats.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/render.hpp>
#include <grundy/portable_name.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <ostream>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace grundy::io {

namespace {

// While alive, a write to a pipe dot has closed fails with EPIPE instead of raising SIGPIPE,
// which would end the whole process (a server drawing for many pages): the signal is blocked on
// this thread, and one raised meanwhile is taken off before it is unblocked.
class sigpipe_blocked {
public:
  sigpipe_blocked() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &previous_);
  }
  ~sigpipe_blocked() {
    const timespec now{0, 0};
    while (sigtimedwait(&pipe_, nullptr, &now) > 0) {
    }
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  sigpipe_blocked(const sigpipe_blocked&) = delete;
  sigpipe_blocked& operator=(const sigpipe_blocked&) = delete;

private:
  sigset_t pipe_{}, previous_{};
};

// dot, running with its standard output on a pipe; ended and reaped however the drawing ends.
class dot_process {
public:
  // The DOT file is dot's standard input, not an argument, so that no file name (one starting
  // with '-', say) is ever read as one of dot's options; what dot says on its standard error is
  // kept for the message.
  // `dot_path` empty: dot reads a pipe, whose end input() hands over.
  dot_process(const std::string& dot_path, std::string_view format) {
    int fds[2], in[2] = {-1, -1};
    if (::pipe2(fds, O_CLOEXEC) != 0)
      throw render_failed(fmt::format("cannot run dot: {}", std::strerror(errno)));
    read_end_ = fds[0];
    if (dot_path.empty()) {
      if (::pipe2(in, O_CLOEXEC) != 0) {
        ::close(fds[1]);
        throw render_failed(fmt::format("cannot run dot: {}", std::strerror(errno)));
      }
      write_end_ = in[1];
    }
    errors_ = ::memfd_create("dot-errors", MFD_CLOEXEC);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (dot_path.empty())
      posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    else
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, dot_path.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    if (errors_ >= 0) posix_spawn_file_actions_adddup2(&actions, errors_, STDERR_FILENO);
    const std::string type = fmt::format("-T{}", format);
    std::vector<char*> argv{const_cast<char*>("dot"), const_cast<char*>(type.c_str()), nullptr};
    const int spawned = posix_spawnp(&pid_, "dot", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (in[0] >= 0) ::close(in[0]);
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
    if (write_end_ >= 0) ::close(write_end_);
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

  // Feeds `input` to dot while collecting what it draws, at most `max_output` bytes of it (a
  // pipe both ways: dot may start drawing before it has read all, and must never wait on a full
  // pipe that nobody reads). False once *stop is set.
  bool exchange(std::string_view input, std::string& output, std::size_t max_output,
                const std::atomic<bool>* stop) {
    const sigpipe_blocked quiet;
    std::vector<char> buffer(1 << 16);
    std::size_t sent = 0;
    if (input.empty()) close_input();
    for (;;) {
      if (stop && stop->load()) return false;
      pollfd waiting[2] = {{read_end_, POLLIN, 0}, {write_end_, POLLOUT, 0}};
      const int ready = ::poll(waiting, write_end_ >= 0 ? 2 : 1, 200);
      if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
      if (write_end_ >= 0 && (waiting[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
        const auto n =
            ::write(write_end_, input.data() + sent, std::min<std::size_t>(input.size() - sent, 1 << 16));
        if (n < 0 && errno != EINTR && errno != EAGAIN) {
          close_input(); // dot ended early: its status and its words tell why
        } else if (n > 0 && (sent += static_cast<std::size_t>(n)) == input.size()) {
          close_input();
        }
      }
      if (waiting[0].revents & (POLLIN | POLLHUP | POLLERR)) {
        const auto n = ::read(read_end_, buffer.data(), buffer.size());
        if (n == 0) return true;
        if (n < 0) {
          if (errno == EINTR) continue;
          throw render_failed(fmt::format("cannot read what dot drew: {}", std::strerror(errno)));
        }
        output.append(buffer.data(), static_cast<std::size_t>(n));
        if (output.size() > max_output)
          throw render_failed(fmt::format("the picture is larger than {} bytes", max_output));
      }
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
  void close_input() {
    if (write_end_ >= 0) ::close(write_end_);
    write_end_ = -1;
  }

  pid_t pid_ = -1;
  int write_end_ = -1;
  int read_end_ = -1;
  int errors_ = -1;
};

// The pictures are the table's entries of content `picture` (export_formats.hpp).
void check_picture_format(std::string_view format) {
  const auto f = export_format_named(format);
  if (!f || f->content != export_content::picture)
    throw std::invalid_argument(fmt::format("pictures are {}, not '{}'",
                                            or_list(export_format_names(export_content::picture)),
                                            portable_name(format)));
}

} // namespace

std::string picture_path(const std::string& dot_path, std::string_view format) {
  auto picture = std::filesystem::path(dot_path).replace_extension(format).string();
  if (picture == dot_path) picture += std::string(".") += format;
  return picture;
}

std::string render_dot(const std::string& dot_path, std::string_view format, const std::atomic<bool>* stop,
                       std::span<const std::string> inputs) {
  check_picture_format(format);
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
          throw render_failed(said.empty() ? fmt::format("dot could not draw '{}'", portable_name(dot_path))
                                           : fmt::format("dot could not draw '{}': {}",
                                                         portable_name(dot_path), portable_name(said)));
        }
      },
      stop, keep);
  return picture;
}

std::string render_dot_text(std::string_view dot_text, std::string_view format, const std::atomic<bool>* stop,
                            std::size_t max_output) {
  check_picture_format(format);
  dot_process dot({}, format);
  std::string picture;
  if (!dot.exchange(dot_text, picture, max_output, stop))
    throw stopped("drawing was stopped", stop_reason::interrupted, {});
  const int status = dot.wait();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const auto said = dot.first_error_line();
    throw render_failed(said.empty() ? std::string("dot could not draw the graph")
                                     : fmt::format("dot could not draw the graph: {}", portable_name(said)));
  }
  return picture;
}

} // namespace grundy::io
