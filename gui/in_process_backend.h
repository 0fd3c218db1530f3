// jiang's own engine in the server's process, through the Engine API and its callbacks (the protocols'
// engine, without a pipe): its Skill Level and UCI_Elo are the same SearchLimits::skill.
#pragma once

#include <mutex>

#include "engine/engine.h"
#include "gui/engine_backend.h"

namespace jiang::gui {

class InProcessBackend : public EngineBackend {
 public:
  explicit InProcessBackend(int hash_mb);
  std::string play(const PlayRequest& request, const LineCallback& on_line) override;
  void analyse(const std::string& fen, const std::vector<std::string>& moves, int multipv,
               const LineCallback& on_line) override;
  void stop() override;
  void rearm() override;
  bool stopped() const override;

 private:
  // Sets the position, starts the search and waits for its end; stop() reaches it at any point.
  SearchResult run(const std::string& fen, const std::vector<std::string>& moves, const SearchLimits& limits,
                   const LineCallback& on_line);

  Engine engine_;
  mutable std::mutex mutex_;  // stopped_ and the start of a search, against stop() from other threads
  bool stopped_ = false;
};

}  // namespace jiang::gui
