#include "gui/gui_command.h"

#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <memory>
#include <thread>

#include <CLI/CLI.hpp>

#include "gui/server.h"
#include "util/stop_signals.h"

extern char** environ;

namespace jiang::gui {
namespace {

struct GuiOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::vector<std::string> engines;
  bool open = false;
  int hash_mb = 64;
  int max_sessions = 8;
};

// The address in the user's browser, by xdg-open (never through a shell).
void open_in_browser(const std::string& url) {
  pid_t pid = 0;
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0) {
    std::fprintf(stderr, "jiang gui: cannot run xdg-open: open %s yourself\n", url.c_str());
    return;
  }
  std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();
}

int run_gui(const GuiOptions& o) {
  std::vector<match::EngineSpec> specs;
  std::shared_ptr<const EngineCatalog> catalog;
  try {
    for (const std::string& text : o.engines) specs.push_back(match::parse_engine_spec(text));
    catalog = std::make_shared<EngineCatalog>(std::move(specs), o.hash_mb);
  } catch (const match::SpecError& e) {
    std::fprintf(stderr, "jiang gui: --engine: %s\n", e.what());
    return 2;
  }
  StopPipe stop;
  const StopSignals guard(stop);  // Ctrl-C stops the server cleanly: every engine is ended
  ServerOptions options;
  options.host = o.host;
  options.port = o.port;
  options.limits.max_sessions = o.max_sessions;
  GuiServer server(catalog, options);
  int port = 0;
  try {
    port = server.bind();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jiang gui: %s\n", e.what());
    return 2;
  }
  const bool local = o.host == "127.0.0.1" || o.host == "localhost" || o.host == "::1";
  if (!local)
    std::fprintf(stderr, "jiang gui: warning: listening on %s: other machines can reach this page and use its engines\n",
                 o.host.c_str());
  const std::string shown_host = o.host == "0.0.0.0" ? "127.0.0.1" : o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  const std::string url = "http://" + shown_host + ":" + std::to_string(port) + "/";
  std::printf("jiang gui: open %s in a browser (Ctrl-C to stop)\n", url.c_str());
  std::fflush(stdout);
  std::thread stopper([&server, &stop] {
    pollfd fd{stop.fd(), POLLIN, 0};
    while (poll(&fd, 1, -1) < 0) {
    }
    server.stop();
  });
  if (o.open) open_in_browser(url);
  server.run();
  stop.raise();  // the stopper ends too when the server stopped by itself
  stopper.join();
  return 0;
}

}  // namespace

void add_gui_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GuiOptions>();
  CLI::App* cmd = app.add_subcommand("gui", "Play and analyse in the browser: a local web server with a Xiangqi board");
  cmd->add_option("--host", options->host, "the address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", options->port, "the port (default 8080; 0: any free port)")->check(CLI::Range(0, 65535));
  cmd->add_option("--engine", options->engines,
                  "another engine the page may choose: \"name=N cmd=PROG [proto=ucci|uci] [option.NAME=VALUE]...\" "
                  "(as jiang match takes it; repeatable)")
      ->take_all()
      ->allow_extra_args(false);
  cmd->add_flag("--open", options->open, "open the page in the default browser");
  cmd->add_option("--hash", options->hash_mb, "MB of hash table for each page's jiang (default 64)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--max-pages", options->max_sessions, "pages open at once (default 8; each has its own engines)")
      ->check(CLI::Range(1, 64));
  cmd->callback([options, &exit_code] { exit_code = run_gui(*options); });
}

}  // namespace jiang::gui
