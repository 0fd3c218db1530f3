#include "gui/session_registry.h"

#include <random>
#include <vector>

namespace jiang::gui {
namespace {

// How often clocks are looked at: a flag falls at most this late.
constexpr std::chrono::milliseconds kTick{100};

// 128 random bits in hex: a page of another site cannot guess a session.
std::string new_id() {
  static std::mutex mutex;
  static std::random_device device;
  const std::lock_guard lock(mutex);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 4; ++i) {
    const uint32_t bits = device();
    for (int shift = 28; shift >= 0; shift -= 4) id += kHex[(bits >> shift) & 15];
  }
  return id;
}

}  // namespace

SessionRegistry::SessionRegistry(std::shared_ptr<const EngineCatalog> engines, RegistryLimits limits)
    : engines_(std::move(engines)), limits_(limits), ticker_([this] { tick_loop(); }) {}

SessionRegistry::~SessionRegistry() {
  {
    const std::lock_guard lock(mutex_);
    quitting_ = true;
  }
  quit_cv_.notify_all();
  ticker_.join();
  std::map<std::string, std::shared_ptr<Session>> sessions;
  {
    const std::lock_guard lock(mutex_);
    sessions.swap(sessions_);
  }
  for (auto& [id, s] : sessions) s->close();
}

std::shared_ptr<Session> SessionRegistry::create() {
  std::shared_ptr<Session> evicted;
  std::shared_ptr<Session> session = std::make_shared<Session>(new_id(), engines_, limits_.session);
  {
    const std::lock_guard lock(mutex_);
    if (int(sessions_.size()) >= limits_.max_sessions) {
      auto oldest = sessions_.end();
      for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
        if (!it->second->has_stream() && (oldest == sessions_.end() || it->second->last_used() < oldest->second->last_used()))
          oldest = it;
      if (oldest == sessions_.end())
        throw ApiError{503, "too many pages are open (" + std::to_string(limits_.max_sessions) + "): close one and reload"};
      evicted = oldest->second;
      sessions_.erase(oldest);
    }
    sessions_[session->id()] = session;
  }
  if (evicted) evicted->close();
  return session;
}

std::shared_ptr<Session> SessionRegistry::find(const std::string& id) const {
  const std::lock_guard lock(mutex_);
  const auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

void SessionRegistry::remove(const std::string& id) {
  std::shared_ptr<Session> session;
  {
    const std::lock_guard lock(mutex_);
    const auto it = sessions_.find(id);
    if (it == sessions_.end()) return;
    session = it->second;
    sessions_.erase(it);
  }
  session->close();
}

int SessionRegistry::size() const {
  const std::lock_guard lock(mutex_);
  return int(sessions_.size());
}

void SessionRegistry::tick_loop() {
  std::unique_lock lock(mutex_);
  while (!quit_cv_.wait_for(lock, kTick, [this] { return quitting_; })) {
    std::vector<std::shared_ptr<Session>> sessions;
    for (auto& [id, s] : sessions_) sessions.push_back(s);
    lock.unlock();
    const auto now = SteadyClock::now();
    std::vector<std::string> gone;
    for (const auto& s : sessions) {
      s->tick(now);
      if (s->abandoned(now, limits_.idle)) gone.push_back(s->id());
    }
    for (const std::string& id : gone) remove(id);
    lock.lock();
  }
}

}  // namespace jiang::gui
