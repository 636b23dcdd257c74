#define BOOST_TEST_MODULE output files
#include <boost/test/unit_test.hpp>

#include "test_files.hpp"

#include <grundy/io/output_file.hpp>
#include <grundy/io/render.hpp>

#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
namespace io = grundy::io;
using grundy_test::put;
using grundy_test::slurp;
using grundy_test::temporary_left;

namespace {

fs::path folder(const std::string& name) { return grundy_test::fresh_directory("grundy-output", name); }

const auto hello = [](std::ostream& os) { os << "hello\n"; };

} // namespace

BOOST_AUTO_TEST_CASE(a_file_is_whole_or_absent) {
  const auto d = folder("whole");
  const auto path = (d / "out.txt").string();
  io::write_file(path, hello);
  BOOST_TEST(slurp(path) == "hello\n");
  // A writer that fails half-way leaves the old file as it was.
  BOOST_CHECK_THROW(io::write_file(path,
                                   [](std::ostream& os) {
                                     os << "half";
                                     throw std::runtime_error("disk on fire");
                                   }),
                    std::runtime_error);
  BOOST_TEST(slurp(path) == "hello\n");
  // Stopped: nothing new under the name, and no temporary.
  std::atomic<bool> stop{false};
  BOOST_CHECK_THROW(io::write_file(
                        path,
                        [&](std::ostream& os) {
                          os << "second\n";
                          stop = true;
                        },
                        &stop),
                    io::output_interrupted);
  BOOST_TEST(slurp(path) == "hello\n");
  BOOST_CHECK_THROW(io::write_file((d / "no folder" / "f").string(), hello), io::output_failed);
  BOOST_TEST(!temporary_left(d));
}

// The hole of earlier versions: the temporary's name was NAME.tmp-PID, opened without O_EXCL,
// so a link planted under it made the run overwrite the file the link named.
BOOST_AUTO_TEST_CASE(a_planted_link_is_never_written_through) {
  const auto d = folder("planted");
  const auto victim = d / "victim";
  put(victim, "precious\n");
  for (const auto& name : {"out.txt.tmp-" + std::to_string(::getpid()), std::string("out.txt.tmp")})
    fs::create_symlink(victim, d / name);
  io::write_file((d / "out.txt").string(), hello);
  BOOST_TEST(slurp(victim) == "precious\n");
  BOOST_TEST(slurp(d / "out.txt") == "hello\n");
  BOOST_TEST(!fs::is_symlink(d / "out.txt"));
}

// A link at the output's name is followed: the file it names is replaced, through a temporary
// in that file's own folder, and the link stays a link.
BOOST_AUTO_TEST_CASE(a_link_is_followed_to_its_file) {
  const auto d = folder("link");
  fs::create_directories(d / "real");
  put(d / "real" / "data.txt", "old\n");
  fs::create_symlink(d / "real" / "data.txt", d / "link.txt");
  io::write_file((d / "link.txt").string(), hello);
  BOOST_TEST(fs::is_symlink(d / "link.txt"));
  BOOST_TEST(slurp(d / "real" / "data.txt") == "hello\n");
  // A link to a file not made yet makes it, as a shell's redirection does.
  fs::create_symlink("real/later.txt", d / "dangling.txt");
  io::write_file((d / "dangling.txt").string(), hello);
  BOOST_TEST(fs::is_symlink(d / "dangling.txt"));
  BOOST_TEST(slurp(d / "real" / "later.txt") == "hello\n");
  // A loop of links is a clear failure.
  fs::create_symlink("b", d / "a");
  fs::create_symlink("a", d / "b");
  BOOST_CHECK_THROW(io::write_file((d / "a").string(), hello), io::output_failed);
  BOOST_TEST(!temporary_left(d));
  BOOST_TEST(!temporary_left(d / "real"));
}

BOOST_AUTO_TEST_CASE(permissions_of_a_replaced_file_are_kept) {
  const auto d = folder("mode");
  const auto path = d / "secret.txt";
  put(path, "x");
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
  io::write_file(path.string(), hello);
  const auto mode = fs::status(path).permissions() & fs::perms::all;
  BOOST_TEST((mode == (fs::perms::owner_read | fs::perms::owner_write)));
}

BOOST_AUTO_TEST_CASE(a_named_pipe_is_written_into) {
  const auto d = folder("fifo");
  const auto pipe = d / "pipe";
  BOOST_REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  std::string read;
  std::thread reader([&] { read = slurp(pipe); });
  io::write_file(pipe.string(), [](std::ostream& os) {
    for (int i = 0; i < 100000; ++i)
      os << i << '\n';
  });
  reader.join();
  BOOST_TEST(fs::is_fifo(pipe));
  BOOST_TEST(read.size() == 588890u);
  BOOST_TEST(read.substr(0, 4) == "0\n1\n");
}

// A pipe nobody reads is waited for, as a shell waits, but a stop ends the wait at once.
BOOST_AUTO_TEST_CASE(a_pipe_without_reader_honours_stops) {
  const auto d = folder("fifo-stop");
  const auto pipe = d / "pipe";
  BOOST_REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop = true;
  });
  const auto start = std::chrono::steady_clock::now();
  BOOST_CHECK_THROW(io::write_file(pipe.string(), hello, &stop), io::output_interrupted);
  stopper.join();
  BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(1)));
  BOOST_TEST(fs::is_fifo(pipe));
}

BOOST_AUTO_TEST_CASE(devices_are_written_directly) {
  io::write_file("/dev/null", hello);
  BOOST_TEST(fs::is_character_file("/dev/null"));
  BOOST_TEST((io::resolve_output("/dev/null").kind == io::output_kind::stream));
}

// "-", /dev/stdout and /dev/fd/N write to the descriptor itself, whatever it is.
BOOST_AUTO_TEST_CASE(standard_output_and_descriptors) {
  int fds[2];
  BOOST_REQUIRE(::pipe(fds) == 0);
  io::write_file("/dev/fd/" + std::to_string(fds[1]), hello);
  ::close(fds[1]);
  char buffer[16] = {};
  BOOST_TEST(::read(fds[0], buffer, sizeof buffer) == 6);
  BOOST_TEST(std::string(buffer) == "hello\n");
  ::close(fds[0]);

  const auto d = folder("stdout");
  const auto captured = d / "captured";
  const int saved = ::dup(1);
  const int file = ::open(captured.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ::dup2(file, 1);
  io::write_file("-", hello);
  io::write_file("/dev/stdout", [](std::ostream& os) { os << "again\n"; });
  ::dup2(saved, 1);
  ::close(saved);
  ::close(file);
  BOOST_TEST(slurp(captured) == "hello\nagain\n");
  BOOST_TEST(!fs::exists("-"));
}

BOOST_AUTO_TEST_CASE(directories_sockets_and_empty_names_are_refused) {
  const auto d = folder("refused");
  BOOST_CHECK_THROW(io::write_file(d.string(), hello), io::output_refused);
  BOOST_CHECK_THROW(io::check_output(d.string()), io::output_refused);
  BOOST_CHECK_THROW(io::write_file("", hello), io::output_refused);

  const auto socket_path = d / "sock";
  const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socket_path.c_str());
  BOOST_REQUIRE(::bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  try {
    io::write_file(socket_path.string(), hello);
    BOOST_ERROR("a socket was written");
  } catch (const io::output_refused& e) {
    BOOST_TEST(std::string(e.what()).find("socket") != std::string::npos, e.what());
  }
  ::close(s);
  BOOST_TEST(fs::is_socket(socket_path));
}

// An output that is one of the run's inputs, under any of its names, is refused before
// anything is written.
BOOST_AUTO_TEST_CASE(an_input_is_never_an_output) {
  const auto d = folder("inputs");
  const auto input = d / "graph.csv";
  put(input, "a b\n");
  fs::create_symlink(input, d / "alias.csv");
  fs::create_hard_link(input, d / "hard.csv");
  const std::vector<std::string> inputs{input.string()};
  for (const auto& name : {input, d / "alias.csv", d / "hard.csv", d / "." / "graph.csv"}) {
    BOOST_CHECK_THROW(io::check_output(name.string(), inputs), io::output_refused);
    BOOST_CHECK_THROW(io::write_file(name.string(), hello, nullptr, inputs), io::output_refused);
  }
  BOOST_TEST(slurp(input) == "a b\n");
  io::write_file((d / "other.csv").string(), hello, nullptr, inputs);
  BOOST_TEST(io::same_file(input.string(), (d / "hard.csv").string()));
  BOOST_TEST(!io::same_file(input.string(), (d / "other.csv").string()));
}

BOOST_AUTO_TEST_CASE(checking_an_output_leaves_it_untouched) {
  const auto d = folder("check");
  const auto path = d / "kept.txt";
  put(path, "kept\n");
  BOOST_TEST((io::check_output(path.string()).kind == io::output_kind::file));
  BOOST_TEST(slurp(path) == "kept\n");
  BOOST_TEST(!fs::exists(d / "new.txt"));
  io::check_output((d / "new.txt").string());
  BOOST_TEST(!fs::exists(d / "new.txt"));
  BOOST_CHECK_THROW(io::check_output((d / "missing" / "x").string()), io::output_failed);
  BOOST_TEST(!temporary_left(d));
}

// The picture is drawn onto a pipe and written as any output, so a link planted under the
// picture's temporary name is not written through either; an unknown format is refused.
BOOST_AUTO_TEST_CASE(pictures_are_written_safely) {
  if (std::system("command -v dot >/dev/null 2>&1") != 0) {
    BOOST_TEST_MESSAGE("Graphviz's dot is not installed: skipped");
    return;
  }
  const auto d = folder("render");
  const auto dot = d / "g.dot";
  put(dot, "digraph { a -> b }\n");
  const auto victim = d / "victim";
  put(victim, "precious\n");
  fs::create_symlink(victim, d / ("g.svg.tmp-" + std::to_string(::getpid())));
  const auto picture = io::render_dot(dot.string(), "svg");
  BOOST_TEST(picture == (d / "g.svg").string());
  BOOST_TEST(slurp(picture).find("<svg") != std::string::npos);
  BOOST_TEST(slurp(victim) == "precious\n");
  BOOST_CHECK_THROW(io::render_dot(dot.string(), "gif"), std::invalid_argument);
  // A DOT file dot cannot read: a clear failure, no picture.
  put(d / "bad.dot", "digraph { a -> }\n");
  try {
    io::render_dot((d / "bad.dot").string(), "svg");
    BOOST_ERROR("a bad DOT file was drawn");
  } catch (const io::render_failed& e) {
    // One line, with what dot said.
    BOOST_TEST(std::string(e.what()).find("syntax error") != std::string::npos, e.what());
    BOOST_TEST(std::string(e.what()).find('\n') == std::string::npos, e.what());
  }
  BOOST_TEST(!fs::exists(d / "bad.svg"));
}

// The longest name a folder takes can be written: the temporary's name is cut to fit.
BOOST_AUTO_TEST_CASE(the_longest_names_are_written) {
  const auto d = folder("long");
  const auto path = d / (std::string(250, 'x') + ".txt");
  io::write_file(path.string(), hello);
  BOOST_TEST(slurp(path) == "hello\n");
  BOOST_TEST(!temporary_left(d));
}

// In a folder anyone may write to (sticky, as /tmp), a link another user made is not followed,
// as the kernel's protected_symlinks does for open(): that is the planted-link attack itself.
BOOST_AUTO_TEST_CASE(a_foreign_link_in_a_shared_folder_is_not_followed) {
  const auto d = folder("shared");
  fs::permissions(d, fs::perms::all | fs::perms::sticky_bit);
  put(d / "victim", "precious\n");
  fs::create_symlink(d / "victim", d / "result.json");
  if (::lchown((d / "result.json").c_str(), 65534, 65534) != 0) {
    BOOST_TEST_MESSAGE("cannot give the link to another user here: skipped");
    return;
  }
  BOOST_CHECK_THROW(io::write_file((d / "result.json").string(), hello), io::output_refused);
  BOOST_TEST(slurp(d / "victim") == "precious\n");
  // Our own link there is followed.
  fs::create_symlink(d / "victim", d / "mine.json");
  io::write_file((d / "mine.json").string(), hello);
  BOOST_TEST(slurp(d / "victim") == "hello\n");
}

// A folder of the path swapped for a link to another folder while the file is written: the
// temporary, the rename and the clean-up all go through the folder opened at the start, so
// nothing is written into the other folder and no temporary is left in the one moved away.
BOOST_AUTO_TEST_CASE(a_folder_swapped_during_the_write_redirects_nothing) {
  const auto d = folder("swapped");
  fs::create_directory(d / "work");
  fs::create_directory(d / "elsewhere");
  const auto path = (d / "work" / "out.txt").string();
  BOOST_CHECK_THROW(io::write_file(path,
                                   [&](std::ostream& os) {
                                     os << "data\n";
                                     fs::rename(d / "work", d / "moved");
                                     fs::create_directory_symlink(d / "elsewhere", d / "work");
                                   }),
                    io::output_failed);
  BOOST_TEST(fs::is_empty(d / "elsewhere"));
  BOOST_TEST(fs::is_empty(d / "moved"));
  // Once the path holds still, the file is written where it names.
  io::write_file(path, hello);
  BOOST_TEST(slurp((d / "elsewhere" / "out.txt").string()) == "hello\n");
  BOOST_TEST(!temporary_left(d / "elsewhere"));
}
