// /api/games: the built-in games, their parameters and the server's bounds, from which the page
// builds its game picker and knows what it may ask.

#include "endpoints.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>
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

std::string_view role_name(field_role r) {
  switch (r) {
  case field_role::parameter:
    return "parameter";
  case field_role::body:
    return "body";
  case field_role::position:
    break;
  }
  return "position";
}

// A field of the form, a parameter's with the parameter's help, kind and range: the page checks
// what is typed against the same bounds as the library.
template <class E> std::string field_json(const game_field& f) {
  std::string_view help = f.help;
  parameter_kind kind = f.kind;
  std::uint64_t low = f.low, high = f.high;
  if (f.role == field_role::parameter)
    for (const auto& p : E::parameters)
      if (p.name == f.name) {
        help = p.help;
        kind = p.kind;
        low = p.low;
        high = p.high;
      }
  return fmt::format("{{\"name\": {}, \"role\": \"{}\", \"kind\": \"{}\", \"help\": {}, \"example\": {}, "
                     "\"low\": {}, \"high\": {}}}",
                     json_quoted(f.name), role_name(f.role), kind_name(kind), json_quoted(help),
                     json_quoted(f.example), low, high == 0 ? std::string("null") : std::to_string(high));
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
    std::string features;
    for (const auto feature : entry_traits::features<E>())
      features += fmt::format("{}{}", features.empty() ? "" : ", ", json_quoted(feature));
    std::string fields;
    for (const auto& f : entry_traits::fields<E>())
      fields += (fields.empty() ? "" : ", ") + field_json<E>(f);
    games += fmt::format("{}{{\"name\": {}, \"position_help\": {}, \"parameters\": [{}], "
                         "\"title\": {}, \"rules\": {}, \"board\": {}, \"position_parameter\": {}, "
                         "\"features\": [{}], \"fields\": [{}]}}",
                         games.empty() ? "" : ", ", json_quoted(E::name), json_quoted(E::position_help),
                         parameters, json_quoted(entry_traits::display_name<E>()),
                         json_quoted(entry_traits::rules<E>()), json_quoted(entry_traits::board<E>()),
                         json_quoted(entry_traits::position_parameter<E>()), features, fields);
  });
  return json_answer(fmt::format(
      "{{\"games\": [{}], \"limits\": {{\"max_states\": {}, \"max_memory\": {}, \"seconds\": {}, "
      "\"max_body\": {}, "
      "\"max_drawn\": {}, \"max_exported\": {}, \"max_values\": {}, \"max_quotient_heap\": {}}}}}",
      games, bounds.max_states, bounds.max_memory, bounds.seconds, bounds.max_body, bounds.max_drawn,
      bounds.max_exported, bounds.max_values, bounds.max_quotient_heap));
}

} // namespace grundy::web
