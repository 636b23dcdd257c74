// GraphML through expat, a streaming XML parser: the file is fed in chunks and never held whole,
// nesting is bounded as elements open, and expat's own memory is charged to the reading.

#include "reader_support.hpp"

#include <expat.h>
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <vector>

namespace grundy::io::detail {

namespace {

// Element names arrive as "namespace-uri|local" (or "local" without a namespace).
constexpr char namespace_separator = '|';

std::string_view local_name(const XML_Char* name) {
  std::string_view n(name);
  if (const auto bar = n.rfind(namespace_separator); bar != std::string_view::npos) n.remove_prefix(bar + 1);
  return n;
}

const XML_Char* attribute(const XML_Char** attributes, std::string_view wanted) {
  for (auto a = attributes; *a; a += 2)
    if (local_name(a[0]) == wanted) return a[1];
  return nullptr;
}

// expat's allocations, each with its size in front, charged to the reading. A charge that throws
// cannot cross expat's C frames: the allocation fails instead, and the error is rethrown once
// expat has returned.
struct counted_memory {
  reading* r = nullptr;
  std::exception_ptr failure;

  static constexpr std::size_t header = alignof(std::max_align_t);

  void* allocate(std::size_t size) {
    if (failure) return nullptr;
    try {
      r->charge(static_cast<std::int64_t>(size + header));
    } catch (...) {
      failure = std::current_exception();
      return nullptr;
    }
    auto* block = static_cast<char*>(std::malloc(size + header));
    if (!block) {
      r->charge(-static_cast<std::int64_t>(size + header));
      return nullptr;
    }
    std::memcpy(block, &size, sizeof size);
    return block + header;
  }
  void release(void* p) {
    if (!p) return;
    auto* block = static_cast<char*>(p) - header;
    std::size_t size = 0;
    std::memcpy(&size, block, sizeof size);
    r->charge(-static_cast<std::int64_t>(size + header));
    std::free(block);
  }
};

// expat's memory handling suite has no user pointer: the reading under way is found through
// this thread's variable (one parser per thread at a time).
thread_local counted_memory* current_memory = nullptr;

void* expat_malloc(std::size_t size) { return current_memory->allocate(size); }
void expat_free(void* p) { current_memory->release(p); }
void* expat_realloc(void* p, std::size_t size) {
  if (!p) return expat_malloc(size);
  auto* block = static_cast<char*>(p) - counted_memory::header;
  std::size_t old = 0;
  std::memcpy(&old, block, sizeof old);
  void* fresh = expat_malloc(size);
  if (!fresh) return nullptr;
  std::memcpy(fresh, p, std::min(old, size));
  expat_free(p);
  return fresh;
}

class graphml_reader {
public:
  explicit graphml_reader(reading& r) : reading_(r), graph_(r) { memory_.r = &r; }

  named_graph run() {
    input in(reading_);
    // Put back only once the parser is freed, which goes through expat_free too.
    struct install {
      counted_memory* outer = current_memory;
      explicit install(counted_memory* m) { current_memory = m; }
      ~install() { current_memory = outer; }
      install(const install&) = delete;
      install& operator=(const install&) = delete;
    } installed(&memory_);
    {
      const XML_Memory_Handling_Suite suite{expat_malloc, expat_realloc, expat_free};
      const std::unique_ptr<XML_ParserStruct, void (*)(XML_Parser)> parser(
          XML_ParserCreate_MM(nullptr, &suite, &namespace_separator_text[0]), XML_ParserFree);
      if (!parser) fail_memory();
      parser_ = parser.get();
      XML_SetUserData(parser_, this);
      XML_SetElementHandler(parser_, &graphml_reader::start, &graphml_reader::end);
      for (bool done = false; !done;) {
        void* buffer = XML_GetBuffer(parser_, static_cast<int>(chunk_size));
        if (!buffer) fail_memory();
        const auto n = in.read(static_cast<char*>(buffer), chunk_size);
        done = n == 0;
        if (XML_ParseBuffer(parser_, static_cast<int>(n), done) != XML_STATUS_OK) failed();
      }
      parser_ = nullptr;
    }
    if (!seen_graph_) reading_.fail(0, "it has no graph element");
    for (vertex_id v = 0; v < declared_.size(); ++v)
      if (!declared_[v])
        reading_.fail(0, fmt::format("an edge names the node '{}', which is not declared",
                                     portable_name(graph_.name(v))));
    return std::move(graph_).take();
  }

private:
  static constexpr char namespace_separator_text[2] = {namespace_separator, '\0'};

  std::uint64_t line() const { return XML_GetCurrentLineNumber(parser_); }

  [[noreturn]] void fail_memory() {
    if (memory_.failure) std::rethrow_exception(memory_.failure);
    throw std::bad_alloc();
  }

  // After XML_ParseBuffer failed: our own error first, then memory, then expat's.
  [[noreturn]] void failed() {
    if (error_) std::rethrow_exception(error_);
    if (memory_.failure) std::rethrow_exception(memory_.failure);
    reading_.fail(line(), XML_ErrorString(XML_GetErrorCode(parser_)));
  }

  // An exception cannot cross expat: it is kept, the parser stopped, and failed() rethrows it.
  template <class F> void guarded(F&& f) {
    if (error_) return; // expat may call the end of an element <a/> after a stop in its start
    try {
      f();
    } catch (...) {
      error_ = std::current_exception();
      XML_StopParser(parser_, XML_FALSE);
    }
  }

  static void start(void* self, const XML_Char* name, const XML_Char** attributes) {
    auto& me = *static_cast<graphml_reader*>(self);
    me.guarded([&] { me.open(local_name(name), attributes); });
  }
  static void end(void* self, const XML_Char* name) {
    auto& me = *static_cast<graphml_reader*>(self);
    me.guarded([&] { me.close(local_name(name)); });
  }

  void open(std::string_view name, const XML_Char** attributes) {
    if (++depth_ > reading_.options().max_depth) reading_.too_deep(line());
    if (name == "graph") {
      seen_graph_ = true;
      const auto* def = attribute(attributes, "edgedefault");
      bool directed = true;
      if (def && std::strcmp(def, "undirected") == 0)
        directed = false;
      else if (def && std::strcmp(def, "directed") != 0)
        reading_.fail(line(),
                      fmt::format("edgedefault is '{}', not directed or undirected", portable_name(def)));
      if (!directed && !reading_.options().undirected)
        reading_.undirected(line(), "edgedefault=\"undirected\"");
      graphs_.push_back(directed);
    } else if (name == "node") {
      if (graphs_.empty()) reading_.fail(line(), "a node outside any graph");
      const auto* id = attribute(attributes, "id");
      if (!id) reading_.fail(line(), "a node without an id");
      const auto v = graph_.vertex(id);
      if (v >= declared_.size()) declared_.resize(v + 1, false);
      if (declared_[v]) reading_.fail(line(), fmt::format("two nodes have the id '{}'", portable_name(id)));
      declared_[v] = true;
    } else if (name == "edge") {
      if (graphs_.empty()) reading_.fail(line(), "an edge outside any graph");
      const auto* source = attribute(attributes, "source");
      const auto* target = attribute(attributes, "target");
      if (!source || !target) reading_.fail(line(), "an edge without a source and a target");
      bool directed = graphs_.back();
      if (const auto* d = attribute(attributes, "directed")) {
        if (std::strcmp(d, "true") == 0)
          directed = true;
        else if (std::strcmp(d, "false") == 0)
          directed = false;
        else
          reading_.fail(line(),
                        fmt::format("an edge's directed is '{}', not true or false", portable_name(d)));
        if (!directed && !reading_.options().undirected)
          reading_.undirected(line(), "an edge directed=\"false\"");
      }
      const auto u = graph_.vertex(source), v = graph_.vertex(target);
      if (std::max(u, v) >= declared_.size()) declared_.resize(std::max(u, v) + 1, false);
      graph_.edge(u, v);
      if (!directed) graph_.edge(v, u);
    } else if (name == "hyperedge") {
      reading_.fail(line(),
                    "a hyperedge, which joins more than two nodes: a token could not tell where to go");
    }
  }

  void close(std::string_view name) {
    --depth_;
    if (name == "graph" && !graphs_.empty()) graphs_.pop_back();
  }

  reading& reading_;
  graph_builder graph_;
  counted_memory memory_;
  XML_Parser parser_ = nullptr;
  std::exception_ptr error_;
  unsigned depth_ = 0;
  bool seen_graph_ = false;
  std::vector<bool> graphs_;   // each open graph element: are its edges directed by default
  std::vector<bool> declared_; // by vertex: has a node element declared it
};

} // namespace

named_graph read_graphml(reading& r) { return graphml_reader(r).run(); }

} // namespace grundy::io::detail
