#include <grundy/io/games/registry.hpp>

#include <fmt/format.h>

namespace grundy {

const std::string* position_text::find(std::string_view parameter) const {
  const auto it = named.find(parameter);
  return it == named.end() ? nullptr : &it->second;
}

std::uint64_t position_text::whole(std::string_view parameter, std::uint64_t low, std::uint64_t high) const {
  const auto* text = find(parameter);
  return io::parse_whole(text ? *text : std::string_view{}, name(parameter), low, high);
}

std::string position_text::name(std::string_view parameter) const {
  return say.parameter ? say.parameter(parameter) : std::string(parameter);
}

std::string position_text::set_flag(std::string_view flag) const {
  return say.set_flag ? say.set_flag(flag) : fmt::format("set {}", flag);
}

std::string position_text::example(std::string_view game, std::string_view words) const {
  return say.example ? say.example(game, words) : fmt::format("{} {}", game, words);
}

} // namespace grundy
