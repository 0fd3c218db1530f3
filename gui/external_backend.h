// An engine program named on the command line (--engine), driven by the match runner's EngineClient:
// a move with the game's clocks, or analysis with `go infinite` and MultiPV. stop() wakes the client's
// waits through a pipe, as the match runner's stop does.
#pragma once

#include <memory>
#include <mutex>

#include "gui/engine_backend.h"
#include "match/engine_client.h"

namespace jiang::gui {

class ExternalBackend : public EngineBackend {
 public:
  // Starts the program and speaks the handshake. Throws match::EngineError (or ProcessError).
  ExternalBackend(const match::EngineSpec& spec, const std::string& program);
  ~ExternalBackend() override;
  std::string play(const PlayRequest& request, const LineCallback& on_line) override;
  void analyse(const std::string& fen, const std::vector<std::string>& moves, int multipv,
               const LineCallback& on_line) override;
  void stop() override;
  void rearm() override;
  bool stopped() const override;

 private:
  void listen(const LineCallback& on_line);

  int wake_read_ = -1, wake_write_ = -1;  // stop() makes wake_read_ readable
  mutable std::mutex mutex_;
  bool stopped_ = false;
  std::unique_ptr<match::EngineClient> client_;
};

}  // namespace jiang::gui
