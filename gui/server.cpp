#include "gui/server.h"

#include <httplib.h>

#include <stdexcept>
#include <thread>

#include "gui/assets.h"

namespace jiang::gui {
namespace {

// What a session's path looks like: 32 hex digits, then the request's name.
constexpr const char* kSessionPath = R"(/api/session/([0-9a-f]{32})/)";
// How long an event stream waits before it sends a heartbeat: a closed tab is noticed this soon.
constexpr std::chrono::milliseconds kHeartbeat{1000};
// Threads for requests: each open page holds one for its event stream, the rest answer requests.
constexpr size_t kSpareThreads = 8;

void send_json(httplib::Response& res, const Json& body, int status = 200) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, Json{{"error", message}}, status);
}

Json parse_body(const httplib::Request& req) {
  if (req.body.empty()) return Json::object();
  Json body = Json::parse(req.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) throw ApiError{400, "the request's body is not a JSON object"};
  return body;
}

// Runs a request's handler; a refused request (ApiError) or a failure becomes a JSON error answer.
template <typename Handler>
httplib::Server::Handler safely(Handler handler) {
  return [handler](const httplib::Request& req, httplib::Response& res) {
    try {
      handler(req, res);
    } catch (const ApiError& e) {
      send_error(res, e.status, e.message);
    } catch (const std::exception& e) {
      send_error(res, 500, std::string("internal error: ") + e.what());
    }
  };
}

bool loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

}  // namespace

GuiServer::GuiServer(std::shared_ptr<const EngineCatalog> engines, ServerOptions options)
    : options_(std::move(options)),
      sessions_(std::make_unique<SessionRegistry>(std::move(engines), options_.limits)),
      http_(std::make_unique<httplib::Server>()) {
  const size_t threads = size_t(options_.limits.max_sessions) + kSpareThreads;
  http_->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http_->set_payload_max_length(options_.max_body);
  http_->set_tcp_nodelay(true);  // small answers go out at once, not after the peer's delayed ACK
  // SO_REUSEADDR only: cpp-httplib's default also sets SO_REUSEPORT, with which a second `jiang gui` on
  // the same port would start too and the two would share its requests.
  http_->set_socket_options([](int socket) {
    const int yes = 1;
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  routes();
}

GuiServer::~GuiServer() { stop(); }

int GuiServer::bind() {
  port_ = options_.port == 0 ? http_->bind_to_any_port(options_.host) : options_.port;
  if (port_ < 0 || (options_.port != 0 && !http_->bind_to_port(options_.host, options_.port)))
    throw std::runtime_error("cannot listen on " + options_.host + ":" + std::to_string(options_.port) +
                             " (in use, or not an address of this machine)");
  return port_;
}

void GuiServer::run() {
  {
    const std::lock_guard lock(run_mutex_);
    if (stop_requested_) return;
    run_begun_ = true;
  }
  http_->listen_after_bind();
  run_over_ = true;
}

void GuiServer::stop() {
  {
    const std::lock_guard lock(run_mutex_);
    stop_requested_ = true;
    if (!run_begun_) return;  // run() has not begun, and now will not serve
  }
  // run() has begun: wait until httplib's loop is up (a stop before then is lost) or over.
  while (!http_->is_running() && !run_over_) std::this_thread::yield();
  if (http_->is_running()) http_->stop();
}

// A page of another site may send requests to a local server (the browser lets it): they are refused
// by their Origin, and requests for another host name (DNS rebinding) by their Host.
bool GuiServer::addressed_to_us(const std::string& host, const std::string& origin) const {
  if (!origin.empty() && origin != "http://" + host) return false;
  if (!loopback(options_.host)) return true;  // listening for other machines: their names are theirs
  const std::string port = ":" + std::to_string(port_);
  return host == "127.0.0.1" + port || host == "localhost" + port || host == "[::1]" + port;
}

void GuiServer::routes() {
  httplib::Server& http = *http_;
  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (!addressed_to_us(req.get_header_value("Host"), req.get_header_value("Origin"))) {
      send_error(res, 403, "this server answers only its own page");
      return httplib::Server::HandlerResponse::Handled;
    }
    // JSON only: a form another site submits (text/plain, no preflight) is not a request of ours.
    if (req.method == "POST" && req.get_header_value("Content-Type").rfind("application/json", 0) != 0) {
      send_error(res, 415, "requests must be application/json");
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) send_error(res, res.status, res.status == 404 ? "no such page or request" : "bad request");
  });

  http.Get("/", [](const httplib::Request&, httplib::Response& res) {
    for (const Asset& a : embedded_assets())
      if (a.path == "/index.html") return res.set_content(a.body.data(), a.body.size(), std::string(a.content_type));
    res.status = 503;
    res.set_content(
        "jiang was built without the page: node and npm were not found when it was built. Install them "
        "(Debian: apt-get install nodejs npm) and build jiang again.\n",
        "text/plain");
  });
  http.Get(R"(/assets/([A-Za-z0-9_.-]+))", [](const httplib::Request& req, httplib::Response& res) {
    const std::string path = "/" + req.matches[1].str();
    for (const Asset& a : embedded_assets())
      if (a.path == path) return res.set_content(a.body.data(), a.body.size(), std::string(a.content_type));
    send_error(res, 404, "no such file");
  });

  http.Get("/api/engines", [this](const httplib::Request&, httplib::Response& res) {
    send_json(res, Json{{"engines", sessions_->engines().names()}});
  });
  http.Post("/api/session", safely([this](const httplib::Request&, httplib::Response& res) {
    const std::shared_ptr<Session> s = sessions_->create();
    send_json(res, Json{{"id", s->id()}, {"state", s->state()}});
  }));

  // The session's requests: each finds its session first.
  const auto with_session = [this](auto action) {
    return safely([this, action](const httplib::Request& req, httplib::Response& res) {
      const std::shared_ptr<Session> s = sessions_->find(req.matches[1].str());
      if (!s) return send_error(res, 404, "no such session (it ended): reload the page");
      action(*s, req, res);
    });
  };
  const std::string session = kSessionPath;
  http.Get(session + "state", with_session([](Session& s, const auto&, auto& res) { send_json(res, s.state()); }));
  const auto post = [&](const std::string& name, auto action) {
    http.Post(session + name, with_session([action](Session& s, const httplib::Request& req, httplib::Response& res) {
                send_json(res, action(s, parse_body(req)));
              }));
  };
  post("new", [](Session& s, const Json& body) { return s.new_game(body); });
  post("move", [](Session& s, const Json& body) { return s.play(body); });
  post("goto", [](Session& s, const Json& body) { return s.go_to(body); });
  post("takeback", [](Session& s, const Json&) { return s.take_back(); });
  post("resign", [](Session& s, const Json&) { return s.resign(); });
  post("analysis", [](Session& s, const Json& body) { return s.set_analysis(body); });
  post("graph", [](Session& s, const Json&) { return s.start_graph(); });
  post("load", [](Session& s, const Json& body) { return s.load(body); });
  http.Post(session + "close", with_session([this](Session& s, const auto&, auto& res) {
              sessions_->remove(s.id());
              send_json(res, Json{{"closed", true}});
            }));
  http.Get(session + "pgn", with_session([](Session& s, const auto&, httplib::Response& res) {
             res.set_header("Content-Disposition", "attachment; filename=\"game.pgn\"");
             res.set_content(s.pgn(), "application/x-chess-pgn");
           }));
  http.Get(session + "svg", with_session([](Session& s, const httplib::Request& req, httplib::Response& res) {
             res.set_header("Content-Disposition", "attachment; filename=\"board.svg\"");
             res.set_content(s.svg(req.get_param_value("flip") == "1"), "image/svg+xml");
           }));
  http.Get(session + "events", with_session([this](Session& s, const auto&, httplib::Response& res) {
             std::shared_ptr<Session> session = sessions_->find(s.id());
             const int stream = session->attach_stream();
             res.set_header("Cache-Control", "no-cache");
             res.set_chunked_content_provider(
                 "text/event-stream",
                 [session, stream](size_t, httplib::DataSink& sink) {
                   const std::optional<std::string> event = session->next_event(stream, kHeartbeat);
                   if (!event) return false;  // a newer stream took over, or the session ended
                   // The heartbeat is how a closed tab is noticed: writing to it fails.
                   const std::string text = event->empty() ? ": heartbeat\n\n" : *event;
                   return sink.write(text.data(), text.size());
                 },
                 [session, stream](bool) { session->detach_stream(stream); });
           }));
}

}  // namespace jiang::gui
