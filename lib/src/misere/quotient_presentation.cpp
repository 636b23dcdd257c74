// A quotient's presentation: generators, normal forms and relations.
//
// Generators are the heaps whose class is no product of smaller heaps' classes. Each element's
// normal form is its least word in the degree-then-lexicographic order on exponent vectors, a
// monomial order: the normal forms are then closed under division (a divisor of a normal form
// that had a smaller equal word would give the multiple a smaller equal word too). The
// relations are w = nf(w) for the minimal words w that are not normal forms (every proper
// divisor is one). With commutativity they present the monoid: any word that is not a normal
// form has such a divisor, rewriting it lowers the word in a well-order, so every word reaches
// a normal form, and distinct normal forms are distinct elements. This is the smallest set of
// rewriting relations for that order, usually a few per generator ("a^2 = 1, b^3 = b").

#include <grundy/misere/detail/quotient_presentation.hpp>

#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace grundy::misere_detail {
namespace {

using element = misere_quotient::element;
using word = std::vector<std::uint32_t>;

std::string generator_name(std::size_t i) {
  if (i < 26) return std::string(1, static_cast<char>('a' + i));
  return fmt::format("g{}", i + 1);
}

// Degree first, then exponents compared from the first generator, larger exponent first
// ("a^2" before "a b" before "b^2"), so that names use early generators when they can.
bool word_less(const word& a, const word& b) {
  std::uint64_t da = 0, db = 0;
  for (auto e : a)
    da += e;
  for (auto e : b)
    db += e;
  if (da != db) return da < db;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return a[i] > b[i];
  return false;
}

} // namespace

void build_presentation(const std::vector<element>& products, std::size_t r,
                        const std::vector<element>& heaps, misere_quotient::presentation_type& presentation,
                        std::vector<word>& words, const std::atomic<bool>* stop) {
  const auto mul = [&](element x, element y) { return products[std::size_t{x} * r + y]; };
  // Generators: heaps whose class the smaller heaps do not reach.
  std::vector<element> gen_elements;
  std::vector<bool> reached(r);
  reached[0] = true;
  std::vector<element> inside{0};
  for (heap_size h = 1; h < heaps.size(); ++h) {
    if (reached[heaps[h]]) continue;
    presentation.generators.push_back({generator_name(gen_elements.size()), h});
    gen_elements.push_back(heaps[h]);
    for (std::size_t i = 0; i < inside.size(); ++i)
      for (element g : gen_elements)
        if (!reached[mul(inside[i], g)]) {
          reached[mul(inside[i], g)] = true;
          inside.push_back(mul(inside[i], g));
        }
  }
  const std::size_t k = gen_elements.size();
  // Normal forms degree by degree: the least word of degree d for x is nf(y)·g for some y of
  // degree d−1 (its divisors are normal forms).
  words.assign(r, {});
  std::vector<bool> done(r);
  done[0] = true;
  words[0] = word(k, 0);
  std::vector<element> frontier{0};
  while (!frontier.empty()) {
    check_stop(stop);
    std::vector<element> fresh;
    std::vector<word> best(r);
    for (element y : frontier)
      for (std::size_t g = 0; g < k; ++g) {
        const element x = mul(y, gen_elements[g]);
        if (done[x]) continue;
        word w = words[y];
        ++w[g];
        if (best[x].empty()) fresh.push_back(x);
        if (best[x].empty() || word_less(w, best[x])) best[x] = std::move(w);
      }
    for (element x : fresh) {
      done[x] = true;
      words[x] = std::move(best[x]);
    }
    frontier = std::move(fresh);
  }
  const auto value = [&](const word& w) {
    element x = 0;
    for (std::size_t g = 0; g < k; ++g)
      for (std::uint32_t e = 0; e < w[g]; ++e)
        x = mul(x, gen_elements[g]);
    return x;
  };
  // Relations: the minimal words that are not normal forms, each met once (as nf(y)·g with g
  // its last generator).
  std::vector<element> by_word(r);
  for (element x = 0; x < r; ++x)
    by_word[x] = x;
  std::sort(by_word.begin(), by_word.end(),
            [&](element a, element b) { return word_less(words[a], words[b]); });
  for (element y : by_word) {
    if ((y & 255) == 0) check_stop(stop);
    for (std::size_t g = 0; g < k; ++g) {
      word m = words[y];
      ++m[g];
      const element x = value(m);
      if (words[x] == m) continue;
      bool last = true;
      for (std::size_t j = g + 1; j < k; ++j)
        if (m[j] > 0) last = false;
      if (!last) continue;
      bool minimal = true;
      for (std::size_t j = 0; j < k && minimal; ++j) {
        if (m[j] == 0) continue;
        word d = m;
        --d[j];
        if (words[value(d)] != d) minimal = false;
      }
      if (minimal) presentation.relations.push_back({m, words[x]});
    }
  }
}

void check_stop(const std::atomic<bool>* stop) {
  if (stop && stop->load(std::memory_order_relaxed))
    throw stopped("work on the misère quotient was stopped", stop_reason::interrupted);
}

std::string word_text(const misere_quotient::presentation_type& presentation, const word& exponents) {
  std::string out;
  for (std::size_t g = 0; g < exponents.size(); ++g) {
    if (exponents[g] == 0) continue;
    if (!out.empty()) out += ' ';
    out += presentation.generators[g].name;
    if (exponents[g] > 1) out += fmt::format("^{}", exponents[g]);
  }
  return out.empty() ? "1" : out;
}

} // namespace grundy::misere_detail
