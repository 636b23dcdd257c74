// /api/games: the built-in games, their parameters and the server's bounds, from which the page
// builds its game picker and knows what it may ask.

#include "endpoints.hpp"

#include <grundy/games/builtin.hpp>
#include <grundy/io/text.hpp>

#include <fmt/format.h>

#include <string>

namespace grundy::web {

namespace {

std::string_view kind_name(parameter_kind k) {
  switch (k) {
  case parameter_kind::flag:
    return "flag";
  case parameter_kind::whole:
    return "whole";
  case parameter_kind::whole_list:
    return "whole_list";
  case parameter_kind::text:
    break;
  }
  return "text";
}

} // namespace

answer api_games(const limits& bounds) {
  std::string games;
  for_each_game(builtin_games{}, [&](auto entry) {
    using E = typename decltype(entry)::type;
    std::string parameters;
    for (const auto& p : E::parameters)
      parameters +=
          fmt::format("{}{{\"name\": {}, \"help\": {}, \"kind\": \"{}\"}}", parameters.empty() ? "" : ", ",
                      json_quoted(p.name), json_quoted(p.help), kind_name(p.kind));
    games +=
        fmt::format("{}{{\"name\": {}, \"python_name\": {}, \"position_help\": {}, \"parameters\": [{}]}}",
                    games.empty() ? "" : ", ", json_quoted(E::name), json_quoted(E::python_name),
                    json_quoted(E::position_help), parameters);
  });
  return json_answer(fmt::format(
      "{{\"games\": [{}], \"limits\": {{\"max_states\": {}, \"max_memory\": {}, \"seconds\": {}, "
      "\"max_body\": {}, "
      "\"max_drawn\": {}, \"max_exported\": {}, \"max_values\": {}, \"max_quotient_heap\": {}}}}}",
      games, bounds.max_states, bounds.max_memory, bounds.seconds, bounds.max_body, bounds.max_drawn,
      bounds.max_exported, bounds.max_values, bounds.max_quotient_heap));
}

} // namespace grundy::web
