#pragma once
// A computation that failed, as the answer the user gets: 400 for what they typed, 422 for a
// bound the computation reached (positions, memory, time), 503 when the server stops, 500 for
// the server's own failures (Graphviz missing, say).

#include "answer.hpp"
#include "computation.hpp"

#include <exception>

namespace grundy::web {

answer failure_answer(std::exception_ptr error, const computation& work);

} // namespace grundy::web
