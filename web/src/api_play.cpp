// /api/hint and /api/moves (placeholder until the library's hint record lands).

#include "endpoints.hpp"

namespace grundy::web {

answer api_hint(const endpoint_request&) { throw http_error(501, "not yet"); }
answer api_moves(const endpoint_request&) { throw http_error(501, "not yet"); }

} // namespace grundy::web
