#include "cli.hpp"

#include <grundy/io/export_formats.hpp>
#include <grundy/io/games/tablettes/notation.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/render.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace grundy::cli {

std::uint64_t parse_count(std::string_view text, std::string_view what) {
  return as_usage([&] { return io::parse_count(text, what); });
}

range parse_range(std::string_view text, std::string_view what, std::uint32_t minimum) {
  return as_usage([&] { return io::parse_range(text, what, minimum); });
}

std::vector<unsigned> parse_tablets(unsigned colors, std::string_view tablets, std::string_view colors_name,
                                    std::string_view tablets_name) {
  return as_usage([&] { return grundy::parse_tablets(colors, tablets, colors_name, tablets_name); });
}

std::uint64_t parse_size(std::string_view text, std::string_view what) {
  return as_usage([&] { return io::parse_size(text, what); });
}

namespace {

// The library's words for an output, with the option that named it in front.
std::string with_option(std::string_view option, const char* what) {
  return option.empty() ? std::string(what) : fmt::format("{}: {}", option, what);
}

template <class F> auto as_option(std::string_view option, F&& f) {
  try {
    return f();
  } catch (const io::output_refused& e) {
    throw usage_error(with_option(option, e.what()));
  } catch (const io::output_failed& e) {
    throw run_error(with_option(option, e.what()));
  } catch (const io::output_interrupted& e) {
    throw interrupted_error(e.what());
  } catch (const io::render_failed& e) {
    throw run_error(with_option(option, e.what()));
  }
}

} // namespace

void check_output_file(const std::string& path, std::string_view option,
                       std::span<const std::string> inputs) {
  if (path.empty()) throw usage_error(fmt::format("{} needs a file name", option));
  as_option(option, [&] { return io::check_output(path, inputs); });
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                           const std::atomic<bool>* stop, std::span<const std::string> inputs) {
  as_option("", [&] { io::write_file(path, write, stop, inputs); });
}

std::string render_dot(const std::string& dot_path, std::string_view format, const std::atomic<bool>* stop,
                       std::span<const std::string> inputs) {
  const auto f = export_format_named(format);
  if (!f || f->content != export_content::picture)
    throw usage_error(fmt::format("--render takes {}, not '{}'",
                                  io::or_list(io::export_format_names(export_content::picture)),
                                  portable_name(format)));
  return as_option("--render", [&] { return io::render_dot(dot_path, format, stop, inputs); });
}

} // namespace grundy::cli
