#pragma once
// What the misère quotient tests share: a quotient by its rule's text, and a quotient's tables
// as misere_quotient::from_tables takes them.

#include <grundy/heap/rule.hpp>
#include <grundy/misere/quotient.hpp>

#include <string>
#include <vector>

namespace grundy_test {

using grundy::heap_rule;
using grundy::heap_size;
using grundy::misere_quotient;

inline misere_quotient quotient(const std::string& rule, heap_size n) {
  return grundy::compute_misere_quotient(heap_rule::parse(rule), n);
}

// A quotient's tables as from_tables takes them.
struct quotient_tables {
  std::vector<std::vector<misere_quotient::element>> products;
  std::vector<bool> p;
  std::vector<misere_quotient::element> heaps;
};

inline quotient_tables tables_of(const misere_quotient& q) {
  quotient_tables t;
  t.products.resize(q.order());
  t.p.resize(q.order());
  for (misere_quotient::element x = 0; x < q.order(); ++x) {
    t.p[x] = q.is_p(x);
    for (misere_quotient::element y = 0; y < q.order(); ++y)
      t.products[x].push_back(q.multiply(x, y));
  }
  for (heap_size h = 0; h <= q.max_heap(); ++h)
    t.heaps.push_back(q.heap(h));
  return t;
}

} // namespace grundy_test
