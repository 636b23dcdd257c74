#pragma once
// Grundy values G(0), G(1), ... of single heaps of any heap game, and their periodicity.

#include <grundy/heap/rule.hpp>
#include <grundy/octal/sequence.hpp>

#include <atomic>
#include <cstddef>
#include <optional>

namespace grundy {

// G(0..count-1) for `rule`: the value of a heap is the mex of the XORs of its options' heaps.
// Each kind of rule runs the engine suited to it (octal codes their own engines, Grundy's game
// a rare/common engine, subtraction sets a bounded window). Once *stop is true the call
// throws `stopped` within a fraction of a second.
grundy_sequence heap_values(const heap_rule& rule, std::size_t count,
                            const std::atomic<bool>* stop = nullptr);

// The same values by the generic engine, every option of every heap through
// heap_rule::for_each_option: the reference the faster engines are checked against.
grundy_sequence generic_heap_values(const heap_rule& rule, std::size_t count,
                                    const std::atomic<bool>* stop = nullptr);

} // namespace grundy
