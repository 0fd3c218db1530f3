// The web server of `jiang gui`: the page's files and its JSON API over HTTP (cpp-httplib), with
// Server-Sent Events for what the engines say. It listens on 127.0.0.1 unless told otherwise, answers
// only requests addressed to it (its Host, and no other site's Origin), bounds request sizes, and lets
// a page start only the engines named on the command line.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "gui/session_registry.h"

namespace httplib {
class Server;
}

namespace jiang::gui {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  RegistryLimits limits;
  size_t max_body = 1 << 20;  // bytes: a long PGN fits many times over
};

class GuiServer {
 public:
  GuiServer(std::shared_ptr<const EngineCatalog> engines, ServerOptions options);
  ~GuiServer();
  GuiServer(const GuiServer&) = delete;
  GuiServer& operator=(const GuiServer&) = delete;

  // Binds to the host and port; the port bound (the one chosen when the port is 0). Throws
  // std::runtime_error if it cannot.
  int bind();
  // Serves until stop() (from another thread). A stop() that comes first, even before run() has
  // begun, still ends it: run() then returns at once.
  void run();
  void stop();
  SessionRegistry& sessions() { return *sessions_; }

 private:
  void routes();
  bool addressed_to_us(const std::string& host, const std::string& origin) const;

  ServerOptions options_;
  int port_ = 0;
  std::unique_ptr<SessionRegistry> sessions_;
  std::unique_ptr<httplib::Server> http_;
  // httplib ignores a stop() that comes before its accept loop is up, and would then serve forever:
  // these order a stop against run()'s start.
  std::mutex run_mutex_;
  bool stop_requested_ = false;  // under run_mutex_
  bool run_begun_ = false;       // under run_mutex_
  std::atomic<bool> run_over_{false};
};

}  // namespace jiang::gui
