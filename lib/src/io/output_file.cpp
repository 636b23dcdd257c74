#include <grundy/io/output_file.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <optional>
#include <ostream>
#include <poll.h>
#include <random>
#include <streambuf>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace grundy::io {

namespace {

// A path as messages show it: any bytes, so as a portable name.
std::string quoted(const std::string& path) { return fmt::format("'{}'", portable_name(path)); }

[[noreturn]] void fail(const std::string& path, int error) {
  throw output_failed(fmt::format("cannot write {}: {}", quoted(path), std::strerror(error)));
}

bool stopped(const std::atomic<bool>* stop) { return stop && stop->load(std::memory_order_relaxed); }

// The descriptor a name of the process's own streams stands for: "-", /dev/stdout,
// /dev/stderr, /dev/fd/N and /proc/self/fd/N. Written through the descriptor itself, so that
// what the shell made of it (a pipe, a file opened for appending) is kept.
std::optional<int> own_descriptor(std::string_view path) {
  if (path == "-" || path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (!path.starts_with(prefix)) continue;
    const auto digits = path.substr(prefix.size());
    int fd = -1;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), fd);
    if (!digits.empty() && ec == std::errc{} && end == digits.data() + digits.size()) return fd;
  }
  return std::nullopt;
}

// The kernel's rule for links in shared folders (fs.protected_symlinks), kept even where it is
// off: in a folder anyone may write to and only owners may delete from (/tmp), a link is
// followed only when it belongs to us or to the folder's owner. Someone else's link there is
// the planted-link attack itself.
void refuse_foreign_link(const std::string& path, const std::filesystem::path& link, const struct stat& st) {
  const auto folder = link.parent_path().empty() ? std::filesystem::path(".") : link.parent_path();
  struct stat dir {};
  if (::stat(folder.c_str(), &dir) != 0) return; // the resolution fails later with the reason
  const bool shared = (dir.st_mode & S_ISVTX) && (dir.st_mode & S_IWOTH);
  if (shared && st.st_uid != ::geteuid() && st.st_uid != dir.st_uid)
    throw output_refused(fmt::format("{} is a link another user made in a shared folder: it is not followed; "
                                     "give another name",
                                     quoted(path)));
}

// Follows `path` through its links to the name of the file it writes, which need not exist
// yet (a link to a file not made yet names that file, as a shell's redirection makes it).
std::string follow_links(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p = path;
  for (int hops = 0;; ++hops) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) break;
    if (hops == 40) fail(path, ELOOP);
    refuse_foreign_link(path, p, st);
    std::array<char, 4096> buffer{};
    const auto n = ::readlink(p.c_str(), buffer.data(), buffer.size() - 1);
    if (n < 0) fail(path, errno);
    const fs::path next(std::string(buffer.data(), static_cast<std::size_t>(n)));
    p = next.is_absolute() ? next : p.parent_path() / next;
  }
  // The folder is made absolute with its own links resolved, so that the temporary lands in
  // the folder that really holds the file.
  std::error_code ec;
  const auto folder = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  const auto real = fs::canonical(folder, ec);
  if (ec) fail(path, ec.value());
  return (real / p.filename()).string();
}

// Nothing but regular files, pipes and character devices is ever written.
void refuse_kind(const std::string& path, const struct stat& st) {
  if (S_ISDIR(st.st_mode))
    throw output_refused(fmt::format("{} is a directory: give the name of a file to write", quoted(path)));
  if (S_ISSOCK(st.st_mode))
    throw output_refused(fmt::format("{} is a socket: it cannot be written", quoted(path)));
  if (S_ISBLK(st.st_mode))
    throw output_refused(fmt::format("{} is a block device: give the name of a file to write", quoted(path)));
}

void refuse_inputs(const output_target& t, std::span<const std::string> inputs) {
  for (const auto& input : inputs)
    if (same_file(t.target, input))
      throw output_refused(fmt::format("{} is also an input of this run: writing it would destroy the input; "
                                       "give another name",
                                       quoted(t.path)));
}

std::string random_suffix() {
  std::random_device device;
  const std::uint64_t r = (std::uint64_t{device()} << 32) ^ device();
  return fmt::format("{:016x}", r);
}

// The folder that holds a file target and the file's name in it. Every step of a file's
// writing (the temporary, its permissions, the rename, the clean-up) goes through this
// descriptor, so that a folder of the path swapped for another during a long write can never
// redirect one of them: the rename lands where the temporary was made, or nowhere.
std::string folder_of(const std::string& target) {
  const auto slash = target.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : target.substr(0, slash);
}

struct target_folder {
  int fd = -1;
  std::string leaf;
  target_folder(const target_folder&) = delete;
  target_folder& operator=(const target_folder&) = delete;
  explicit target_folder(const output_target& t) {
    leaf = t.target.substr(t.target.rfind('/') + 1);
    fd = ::open(folder_of(t.target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) fail(t.path, errno);
  }
  ~target_folder() { ::close(fd); }
  // Whether the folder's path still names the folder held open.
  bool still_at(const std::string& target) const {
    struct stat held {
    }, named{};
    return ::fstat(fd, &held) == 0 && ::stat(folder_of(target).c_str(), &named) == 0 &&
           held.st_dev == named.st_dev && held.st_ino == named.st_ino;
  }
};

// A new temporary beside the target, created exclusively and without following a link, so
// that nothing planted under its name is written through. The name keeps ".tmp-" so that
// leftovers of a killed run are recognisable.
int create_temporary(const output_target& t, const target_folder& folder, std::string& name) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    // Cut to a stem that leaves room for the suffix, so that any name the system takes can be
    // written (names stop at 255 bytes).
    const auto stem = std::string_view(folder.leaf).substr(0, 200);
    name = fmt::format("{}.tmp-{}", stem, random_suffix());
    const int fd =
        ::openat(folder.fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) fail(t.path, errno);
  }
  fail(t.path, EEXIST);
}

// An ostream's buffer over a descriptor, flushing 64 KiB at a time. A stream (pipe, terminal)
// is written without blocking, so that a reader that stops reading cannot hold a stop back.
class descriptor_buffer : public std::streambuf {
public:
  descriptor_buffer(int fd, const std::atomic<bool>* stop) : fd_(fd), stop_(stop) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  int error() const noexcept { return error_; }
  bool interrupted() const noexcept { return interrupted_; }
  // The writing is over: the next flush writes what is left.
  void finish() noexcept { finished_ = true; }

protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  // Writers that flush every line (std::endl, as Boost's write_graphviz does) would cost a
  // system call a line: flushes are taken only once the writing is over (finish()).
  int sync() override { return !finished_ || drain() ? 0 : -1; }

private:
  bool drain() {
    const char* p = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && !error_) {
      if (stopped(stop_)) {
        interrupted_ = true;
        return false;
      }
      const auto n = ::write(fd_, p, left);
      if (n >= 0) {
        p += n;
        left -= static_cast<std::size_t>(n);
      } else if (errno == EAGAIN) {
        // A descriptor left non-blocking (a stream, or a standard output inherited so) is
        // waited on, the stop flag looked at every 200 ms.
        pollfd waiting{fd_, POLLOUT, 0};
        ::poll(&waiting, 1, 200);
      } else if (errno != EINTR) {
        error_ = errno;
      }
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return !error_;
  }

  std::array<char, 1 << 16> buffer_{};
  int fd_;
  const std::atomic<bool>* stop_;
  int error_ = 0;
  bool interrupted_ = false;
  bool finished_ = false;
};

// Runs `write` on a stream over fd and flushes it; throws as write_file says.
void write_through(int fd, const output_target& t, const std::function<void(std::ostream&)>& write,
                   const std::atomic<bool>* stop) {
  descriptor_buffer buffer(fd, stop);
  std::ostream os(&buffer);
  write(os);
  buffer.finish();
  os.flush();
  if (buffer.interrupted() || stopped(stop))
    throw output_interrupted(fmt::format("interrupted: {} was not written", quoted(t.path)));
  if (buffer.error()) fail(t.path, buffer.error());
  if (!os) fail(t.path, EIO);
}

// Opens a pipe or device for writing. A pipe with no reader yet is waited for, as a shell's
// redirection waits, but the stop flag is looked at every 100 ms while it waits.
int open_stream(const output_target& t, const std::atomic<bool>* stop) {
  for (;;) {
    const int fd = ::open(t.target.c_str(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) return fd;
    if (errno != ENXIO) fail(t.path, errno);
    if (stopped(stop))
      throw output_interrupted(fmt::format("interrupted: {} was not written", quoted(t.path)));
    ::usleep(100'000);
  }
}

class descriptor {
public:
  explicit descriptor(int fd) : fd_(fd) {}
  ~descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  int get() const noexcept { return fd_; }
  // Closes now, so that a failure to close (data lost on a network file system) is seen.
  int close() {
    const int r = ::close(fd_);
    fd_ = -1;
    return r;
  }

private:
  int fd_;
};

void write_regular(const output_target& t, const std::function<void(std::ostream&)>& write,
                   const std::atomic<bool>* stop, std::span<const std::string> inputs) {
  const target_folder folder(t);
  std::string temporary;
  descriptor fd(create_temporary(t, folder, temporary));
  try {
    // The new file keeps the permissions of the one it replaces.
    struct stat old {};
    if (::fstatat(folder.fd, folder.leaf.c_str(), &old, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(old.st_mode))
      ::fchmod(fd.get(), old.st_mode & 07777);
    write_through(fd.get(), t, write, stop);
    // The rename may reach the disk before the data after a crash of the machine; syncing
    // first rules out an empty file in place of a good one.
    if (::fsync(fd.get()) != 0) fail(t.path, errno);
    if (fd.close() != 0) fail(t.path, errno);
    if (stopped(stop))
      throw output_interrupted(fmt::format("interrupted: {} was not written", quoted(t.path)));
    // What the name is may have changed during a long write: looked at again just before.
    const auto now = resolve_output(t.path, inputs);
    if (now.kind != output_kind::file || now.target != t.target || !folder.still_at(t.target))
      throw output_failed(fmt::format("cannot write {}: it changed while it was written", quoted(t.path)));
    if (::renameat(folder.fd, temporary.c_str(), folder.fd, folder.leaf.c_str()) != 0) fail(t.path, errno);
  } catch (...) {
    ::unlinkat(folder.fd, temporary.c_str(), 0);
    throw;
  }
  // The rename itself is made durable with its folder.
  ::fsync(folder.fd);
}

} // namespace

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

bool same_output(const std::string& a, const std::string& b) {
  if (a == b || same_file(a, b)) return true;
  try {
    const auto ta = resolve_output(a), tb = resolve_output(b);
    return ta.kind == tb.kind && (ta.kind == output_kind::standard_output ? ta.descriptor == tb.descriptor
                                                                          : ta.target == tb.target);
  } catch (const std::exception&) {
    return false; // a name that cannot be written is refused by its own check
  }
}

output_target resolve_output(const std::string& path, std::span<const std::string> inputs) {
  if (path.empty()) throw output_refused("an output needs a file name");
  output_target t;
  t.path = path;
  if (const auto fd = own_descriptor(path)) {
    struct stat st {};
    if (::fstat(*fd, &st) != 0) fail(path, errno);
    refuse_kind(path, st);
    t.kind = output_kind::standard_output;
    t.target = path;
    t.descriptor = *fd;
    // An input given as /dev/stdin and an output as /dev/stdout may be one file.
    if (S_ISREG(st.st_mode))
      for (const auto& input : inputs) {
        struct stat in {};
        if (::stat(input.c_str(), &in) == 0 && in.st_dev == st.st_dev && in.st_ino == st.st_ino)
          throw output_refused(
              fmt::format("{} is also an input of this run: give another name", quoted(path)));
      }
    return t;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    refuse_kind(path, st);
    if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
      t.kind = output_kind::stream;
      t.target = path;
      return t;
    }
  } else if (errno != ENOENT) {
    fail(path, errno);
  }
  t.kind = output_kind::file;
  t.target = follow_links(path);
  refuse_inputs(t, inputs);
  return t;
}

output_target check_output(const std::string& path, std::span<const std::string> inputs) {
  auto t = resolve_output(path, inputs);
  if (t.kind != output_kind::file) return t;
  const target_folder folder(t);
  std::string probe;
  ::close(create_temporary(t, folder, probe));
  ::unlinkat(folder.fd, probe.c_str(), 0);
  return t;
}

void write_file(const std::string& path, const std::function<void(std::ostream&)>& write,
                const std::atomic<bool>* stop, std::span<const std::string> inputs) {
  const auto t = resolve_output(path, inputs);
  switch (t.kind) {
  case output_kind::standard_output:
    // What the program printed before through its own buffers comes first.
    std::cout.flush();
    std::fflush(nullptr);
    return write_through(t.descriptor, t, write, stop);
  case output_kind::stream: {
    descriptor fd(open_stream(t, stop));
    write_through(fd.get(), t, write, stop);
    if (fd.close() != 0) fail(path, errno);
    return;
  }
  case output_kind::file:
    return write_regular(t, write, stop, inputs);
  }
}

} // namespace grundy::io
