#include "gui/engine_driver.h"

#include <exception>

namespace jiang::gui {
namespace {

// Stands in for an engine that could not be started: it has no move and no analysis, at once, so that
// the jobs end and the session reports the driver's error.
class MissingBackend : public EngineBackend {
 public:
  std::string play(const PlayRequest&, const LineCallback&) override { return ""; }
  void analyse(const std::string&, const std::vector<std::string>&, int, const LineCallback&) override {}
  void stop() override {}
  void rearm() override {}
  bool stopped() const override { return false; }
};

}  // namespace

EngineDriver::EngineDriver(std::function<std::unique_ptr<EngineBackend>()> make_backend)
    : thread_([this, make_backend = std::move(make_backend)] { loop(make_backend); }) {}

EngineDriver::~EngineDriver() {
  {
    const std::lock_guard lock(mutex_);
    quitting_ = true;
    next_.reset();
    if (backend_) backend_->stop();
  }
  wake_.notify_all();
  thread_.join();
}

void EngineDriver::run(Job job) {
  {
    const std::lock_guard lock(mutex_);
    next_ = std::move(job);
    if (backend_ && running_) backend_->stop();
  }
  wake_.notify_all();
}

void EngineDriver::stop() {
  const std::lock_guard lock(mutex_);
  next_.reset();
  if (backend_ && running_) backend_->stop();
}

bool EngineDriver::busy() const {
  const std::lock_guard lock(mutex_);
  return running_ || next_.has_value();
}

std::string EngineDriver::error() const {
  const std::lock_guard lock(mutex_);
  return error_;
}

void EngineDriver::loop(std::function<std::unique_ptr<EngineBackend>()> make_backend) {
  std::unique_ptr<EngineBackend> backend;
  try {
    backend = make_backend();
  } catch (const std::exception& e) {
    const std::lock_guard lock(mutex_);
    error_ = e.what();
    backend = std::make_unique<MissingBackend>();
  }
  std::unique_lock lock(mutex_);
  backend_ = backend.get();
  for (;;) {
    wake_.wait(lock, [this] { return quitting_ || next_.has_value(); });
    if (quitting_) break;
    Job job = std::move(*next_);
    next_.reset();
    running_ = true;
    backend->rearm();  // under the lock: a run() after this point stops this job
    lock.unlock();
    try {
      job(*backend);
    } catch (const std::exception&) {
      // A job reports its own failures; one that throws (the engine died) just ends.
    }
    lock.lock();
    running_ = false;
  }
  backend_ = nullptr;
  lock.unlock();
  backend.reset();  // ends the engine (an engine program is told to quit, then killed)
}

}  // namespace jiang::gui
