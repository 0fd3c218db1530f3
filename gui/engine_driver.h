// One engine of a session on a thread of its own, so that the web server's threads never wait for a
// search: a job (a move to find, a position to analyse) replaces the one running, which is stopped.
// Jobs report through the callbacks they carry; the session drops what a stale job reports.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "gui/engine_backend.h"

namespace jiang::gui {

class EngineDriver {
 public:
  using Job = std::function<void(EngineBackend&)>;

  // `make_backend` runs on the driver's thread (starting an engine program takes time); if it throws,
  // `error()` says why, and every job meets an engine with no move and no analysis.
  explicit EngineDriver(std::function<std::unique_ptr<EngineBackend>()> make_backend);
  ~EngineDriver();  // stops the running job and ends the thread (and the engine)
  EngineDriver(const EngineDriver&) = delete;
  EngineDriver& operator=(const EngineDriver&) = delete;

  // Stops the running job and runs `job` next (a job given before it that has not started is dropped).
  void run(Job job);
  // Stops the running job; nothing runs after it.
  void stop();
  // Whether a job is running or waiting.
  bool busy() const;
  // Why the engine could not be started (empty while it could).
  std::string error() const;

 private:
  void loop(std::function<std::unique_ptr<EngineBackend>()> make_backend);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<Job> next_;
  bool running_ = false;
  bool quitting_ = false;
  std::string error_;
  EngineBackend* backend_ = nullptr;  // owned by the thread; null until made
  std::thread thread_;
};

}  // namespace jiang::gui
