// UCCI (xqbase, version 3): the Chinese Chess Interface that GUIs such as XQWizard and, through uci2wb,
// XBoard speak. Commands and options have no `name`/`value` keywords; times are in seconds unless the
// GUI sets `usemillisec true`.
#pragma once

#include <string>

#include "engine/protocol/protocol.h"

namespace jiang::protocol {

class UcciSession final : public Session {
 public:
  UcciSession(Engine& engine, Output& out);  // adds UCCI's commands and the options only UCCI has
  ~UcciSession() override { finish(); }

  void greet() override;

 private:
  void add_commands();
  void add_options();
  void after_position() override { banned_.clear(); }
  void stop_without_search() override { say("nobestmove"); }
  void before_quit() override { say("bye"); }
  std::string info_line(const SearchInfo& info) const override;
  std::string bestmove_line(const SearchResult& result, const Position& root, bool draw_offered) const override;

  void setoption(const std::vector<std::string>& words, std::string_view line);
  void go(const std::vector<std::string>& args);
  void probe(const std::vector<std::string>& args);
  // A time from `go`, in the unit the GUI chose, to milliseconds.
  int64_t time_ms(const std::string& keyword, const std::string& text) const;

  std::vector<Move> banned_;  // for the next go; cleared by the next position
  bool use_millisec_ = false;  // times in milliseconds, not seconds
  // Options the engine accepts and remembers but does not act on (yet).
  bool batch_ = false;
  bool debug_ = false;
};

}  // namespace jiang::protocol
