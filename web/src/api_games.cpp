// /api/games: the built-in games, their parameters and the server's bounds, from which the page
// builds its game picker and knows what it may ask.

#include "endpoints.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>
#include <grundy/io/json_writer.hpp>

#include <optional>
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
template <class E> void write_field(io::json_writer& w, const game_field& f) {
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
  w.begin_object().member("name", f.name).member("role", role_name(f.role)).member("kind", kind_name(kind));
  w.member("help", help).member("example", f.example).member("low", low);
  w.member("high", high == 0 ? std::nullopt : std::optional(high)).end_object();
}

} // namespace

answer api_games(const limits& bounds) {
  io::json_writer w;
  w.begin_object().key("games").begin_array();
  for_each_game(builtin_games{}, [&](auto entry) {
    using E = typename decltype(entry)::type;
    w.begin_object().member("name", E::name).member("position_help", E::position_help).key("parameters");
    w.begin_array();
    for (const auto& p : E::parameters)
      w.begin_object()
          .member("name", p.name)
          .member("help", p.help)
          .member("kind", kind_name(p.kind))
          .end_object();
    w.end_array().member("title", entry_traits::display_name<E>()).member("rules", entry_traits::rules<E>());
    w.member("board", entry_traits::board<E>())
        .member("position_parameter", entry_traits::position_parameter<E>());
    w.key("features").begin_array();
    for (const auto feature : entry_traits::features<E>())
      w.value(feature);
    w.end_array().key("fields").begin_array();
    for (const auto& f : entry_traits::fields<E>())
      write_field<E>(w, f);
    w.end_array().end_object();
  });
  w.end_array().key("limits").begin_object().member("max_states", bounds.max_states);
  w.member("max_memory", bounds.max_memory)
      .member("seconds", bounds.seconds)
      .member("max_body", bounds.max_body);
  w.member("max_drawn", bounds.max_drawn).member("max_exported", bounds.max_exported);
  w.member("max_values", bounds.max_values).member("max_quotient_heap", bounds.max_quotient_heap);
  return json_answer(w.end_object().end_object().take());
}

} // namespace grundy::web
