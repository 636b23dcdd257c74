#pragma once
// Whether these tests run under AddressSanitizer, whose shadow memory and quarantine of freed
// blocks change what a process holds: tests of memory figures say so rather than measure it.

namespace grundy_test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool address_sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool address_sanitized = true;
#else
inline constexpr bool address_sanitized = false;
#endif
#else
inline constexpr bool address_sanitized = false;
#endif

} // namespace grundy_test
