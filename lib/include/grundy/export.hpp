#pragma once
// Moved to grundy/io/export.hpp, part of grundy::io (link grundy::io to use it); this header
// stays so that existing includes keep compiling.

#include <grundy/io/export.hpp>
