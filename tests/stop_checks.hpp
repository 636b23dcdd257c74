#pragma once
// Predicates for BOOST_CHECK_EXCEPTION(expression, grundy::stopped, predicate): a computation
// stopped by a limit, or on request (its stop flag set).

#include <grundy/stop.hpp>

namespace grundy::test {

inline bool stopped_by_limit(const stopped& e) { return e.by_limit(); }
inline bool stopped_on_request(const stopped& e) { return e.reason() == stop_reason::interrupted; }

} // namespace grundy::test
