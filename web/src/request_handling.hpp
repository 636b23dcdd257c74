#pragma once
// What happens to a request between the HTTP parser and the answer, whoever reads its bytes: a
// connection (session.cpp) or a caller in the same process (one_request.cpp). The parser's
// refusals as answers, the checks of a request read whole, the request as the router takes it,
// and a route's job run under its computation.

#include "answer.hpp"
#include "computation.hpp"
#include "router.hpp"

#include <grundy/web/server.hpp>

#include <boost/beast/core/error.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include <cstddef>
#include <functional>
#include <optional>

namespace grundy::web {

using http_request = boost::beast::http::request<boost::beast::http::string_body>;

// The most bytes of a request's line and headers.
inline constexpr std::size_t header_limit = 16 * 1024;

// The answer to a request the parser refused with `ec` (413 past the body's bound, 431 past the
// headers', 400 for a malformed request), after which the connection ends; nullopt for a
// failure that ends it without an answer (the stream's end, the network's errors).
std::optional<answer> refuse_read(const boost::beast::error_code& ec, const limits& bounds);

// The answer refusing a request read whole that gives a header deciding whether it is allowed
// (Host, Origin, Sec-Fetch-Site) twice: two of them saying different things would let one pass
// unchecked. nullopt when it may go on to the router.
std::optional<answer> refuse_repeated_headers(const http_request& request);

// The request as the router takes it: its views point into `request`, whose body it takes.
incoming incoming_of(http_request& request);

// Runs `job` under `work`: its memory charged to the computation's account, its failures turned
// into answers, an answer refused when the computation passed its memory bound before it
// noticed or when the answer passes bounds.max_answer. What the job holds is freed under the
// account too.
answer run_job(std::function<answer(computation&)> job, computation& work, const limits& bounds);

} // namespace grundy::web
