#include <grundy/version.hpp>

namespace grundy {

std::string_view version() noexcept { return GRUNDY_VERSION; }

} // namespace grundy
