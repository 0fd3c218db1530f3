// The server's sessions, one per open page: created on request up to a bound, found by an id no other
// page can guess, and dropped when their page has gone. A thread ticks them (clocks, analysis time).
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "gui/session.h"

namespace jiang::gui {

struct RegistryLimits {
  int max_sessions = 8;                   // each may hold an engine and its hash table
  std::chrono::seconds idle{600};         // a session without a page this long is dropped
  SessionLimits session;
};

class SessionRegistry {
 public:
  SessionRegistry(std::shared_ptr<const EngineCatalog> engines, RegistryLimits limits);
  ~SessionRegistry();  // stops the ticker and closes every session
  SessionRegistry(const SessionRegistry&) = delete;
  SessionRegistry& operator=(const SessionRegistry&) = delete;

  // A new session. When the bound is reached, the least recently used session without a page makes
  // room; throws ApiError (503) if every session has one.
  std::shared_ptr<Session> create();
  std::shared_ptr<Session> find(const std::string& id) const;  // null if there is none
  void remove(const std::string& id);
  int size() const;
  const EngineCatalog& engines() const { return *engines_; }

 private:
  void tick_loop();

  const std::shared_ptr<const EngineCatalog> engines_;
  const RegistryLimits limits_;
  mutable std::mutex mutex_;
  std::condition_variable quit_cv_;
  bool quitting_ = false;
  std::map<std::string, std::shared_ptr<Session>> sessions_;
  std::thread ticker_;
};

}  // namespace jiang::gui
