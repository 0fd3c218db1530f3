// The API of `jiang gui`, as the page uses it: the server in-process on a free port, spoken to over
// HTTP. Every endpoint, bad input (which changes nothing), the event stream and its end, the engines,
// the rules' ruling, the clocks and the bounds, and two sessions at once.
#include <catch2/catch.hpp>

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include "gui/server.h"

using namespace jiang;
using namespace jiang::gui;
using namespace std::chrono_literals;

namespace {

// Red mates in three plies from here: b7b6, e9f9 (Black's only move), b6b9.
constexpr const char* kMateFen = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1";

class TestServer {
 public:
  explicit TestServer(RegistryLimits limits = {}) {
    ServerOptions options;
    options.port = 0;
    options.limits = limits;
    options.max_body = 64 * 1024;
    server_ = std::make_unique<GuiServer>(std::make_shared<EngineCatalog>(std::vector<match::EngineSpec>{}, 16), options);
    port_ = server_->bind();
    thread_ = std::thread([this] { server_->run(); });
  }
  ~TestServer() {
    server_->stop();
    thread_.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30, 0);
    return c;
  }
  int port() const { return port_; }
  GuiServer& server() { return *server_; }

 private:
  std::unique_ptr<GuiServer> server_;
  int port_ = 0;
  std::thread thread_;
};

struct Answer {
  int status = 0;
  nlohmann::json body;
};

Answer post(httplib::Client& c, const std::string& path, const nlohmann::json& body = nlohmann::json::object()) {
  const auto res = c.Post(path.c_str(), body.dump(), "application/json");
  REQUIRE(res);
  return {res->status, nlohmann::json::parse(res->body, nullptr, false)};
}

Answer get(httplib::Client& c, const std::string& path) {
  const auto res = c.Get(path.c_str());
  REQUIRE(res);
  return {res->status, nlohmann::json::parse(res->body, nullptr, false)};
}

std::string open_session(httplib::Client& c) {
  const Answer a = post(c, "/api/session");
  REQUIRE(a.status == 200);
  return a.body["id"];
}

std::string path(const std::string& id, const std::string& name) { return "/api/session/" + id + "/" + name; }

// Polls the state until `done` holds or `seconds` pass.
nlohmann::json wait_state(httplib::Client& c, const std::string& id, const std::function<bool(const nlohmann::json&)>& done,
                          int seconds = 20) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  nlohmann::json state;
  do {
    state = get(c, path(id, "state")).body;
    if (done(state)) return state;
    std::this_thread::sleep_for(20ms);
  } while (std::chrono::steady_clock::now() < end);
  return state;
}

// Reads the event stream until `done` holds for what came so far (or `seconds` pass); the connection
// then closes, as a closed tab's does.
std::string read_events(const TestServer& server, const std::string& id, const std::function<bool(const std::string&)>& done,
                        int seconds = 20) {
  httplib::Client c = server.client();
  std::string text;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  c.Get(path(id, "events").c_str(), [&](const char* data, size_t size) {
    text.append(data, size);
    return !done(text) && std::chrono::steady_clock::now() < end;
  });
  return text;
}

}  // namespace

TEST_CASE("gui API: the page and its files, and nothing else", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const auto page = c.Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->body.find("/assets/app.js") != std::string::npos);
  for (const char* file : {"/assets/app.js", "/assets/app.css", "/assets/red-k.svg", "/assets/board.svg", "/assets/font.woff2"}) {
    const auto res = c.Get(file);
    REQUIRE(res);
    INFO(file);
    CHECK(res->status == 200);
    CHECK(res->body.size() > 100);
  }
  CHECK(c.Get("/assets/nothing.js")->status == 404);
  CHECK(c.Get("/etc/passwd")->status == 404);
  CHECK(get(c, "/api/engines").body["engines"] == nlohmann::json::array({"jiang"}));
}

TEST_CASE("gui API: moves, navigation, take back, resign, and bad requests that change nothing", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  const nlohmann::json start = get(c, path(id, "state")).body;
  CHECK(start["legal"].size() == 44);
  CHECK(start["side"] == "red");

  Answer a = post(c, path(id, "move"), {{"move", "h2e2"}});
  REQUIRE(a.status == 200);
  CHECK(a.body["moves"][0] == nlohmann::json({{"iccs", "h2e2"}, {"wxf", "C2.5"}, {"chinese", "炮二平五"}, {"san", "Che2"}}));
  CHECK(a.body["side"] == "black");
  CHECK(a.body["last_move"] == "h2e2");
  const nlohmann::json after = a.body;

  // Refused, each with its reason, and the state as it was.
  const std::vector<std::pair<nlohmann::json, std::string>> bad_moves = {
      {{{"move", "h2e9"}}, "illegal move h2e9"},  // Black to move
      {{{"move", "zz99"}}, "not a move"},
      {{{"move", 42}}, "wrong type"},
      {nlohmann::json::object(), "not a move"},
  };
  for (const auto& [body, reason] : bad_moves) {
    a = post(c, path(id, "move"), body);
    INFO(body.dump());
    CHECK(a.status == 400);
    CHECK(a.body["error"].get<std::string>().find(reason) != std::string::npos);
  }
  const auto raw = c.Post(path(id, "move").c_str(), "{not json", "application/json");
  CHECK(raw->status == 400);
  CHECK(post(c, path(id, "goto"), {{"ply", 5}}).status == 400);
  CHECK(post(c, path(id, "goto"), {{"ply", -1}}).status == 400);
  CHECK(get(c, path(id, "state")).body == after);

  a = post(c, path(id, "move"), {{"move", "h9g7"}});
  CHECK(a.body["moves"][1]["chinese"] == "馬８進７");
  a = post(c, path(id, "goto"), {{"ply", 1}});
  CHECK(a.body["ply"] == 1);
  CHECK(a.body["fen"] == after["fen"]);
  // Between people, a move from an earlier position starts a new line.
  a = post(c, path(id, "move"), {{"move", "b9c7"}});
  REQUIRE(a.status == 200);
  CHECK(a.body["moves"].size() == 2);
  CHECK(a.body["moves"][1]["iccs"] == "b9c7");
  a = post(c, path(id, "takeback"));
  CHECK(a.body["moves"].size() == 1);
  a = post(c, path(id, "resign"));
  CHECK(a.body["result"]["text"] == "Red wins: resignation");  // Black was to move
  a = post(c, path(id, "move"), {{"move", "h9g7"}});
  CHECK(a.status == 400);
  CHECK(a.body["error"].get<std::string>().find("the game is over") != std::string::npos);
}

TEST_CASE("gui API: a game to mate is ruled by jiang's rules", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  Answer a = post(c, path(id, "new"), {{"fen", kMateFen}});
  REQUIRE(a.status == 200);
  post(c, path(id, "move"), {{"move", "b7b6"}});
  a = post(c, path(id, "move"), {{"move", "e9f9"}});
  CHECK(a.body["result"].is_null());
  a = post(c, path(id, "move"), {{"move", "b6b9"}});
  CHECK(a.body["result"] == nlohmann::json({{"result", "1-0"}, {"reason", "mate"}, {"text", "Red wins: mate"}}));
  CHECK(a.body["legal"].empty());
  CHECK(a.body["check"] == "f9");

  // A perpetual chase, as `jiang judge` rules it (README, Repetition rules).
  a = post(c, path(id, "new"), {{"fen", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"}});
  for (const char* m : {"c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2"})
    a = post(c, path(id, "move"), {{"move", m}});
  CHECK(a.body["result"]["result"] == "0-1");
  CHECK(a.body["result"]["text"] == "Black wins: perpetual chase, the black rook on a7 chased with every move");
}

TEST_CASE("gui API: new games, FENs and their bounds", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  post(c, path(id, "move"), {{"move", "h2e2"}});
  const nlohmann::json before = get(c, path(id, "state")).body;
  const std::vector<std::pair<nlohmann::json, std::string>> bad = {
      {{{"fen", "garbage"}}, "bad FEN"},
      {{{"fen", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"}}, "bad FEN"},  // the generals face each other
      {{{"black", "stockfish"}}, "no engine named 'stockfish'"},
      {{{"level", 21}}, "'level' must be"},
      {{{"elo", 99999}}, "'elo' must be"},
      {{{"base_ms", -5}}, "'base_ms' must be"},
      {{{"movetime_ms", 10000000}}, "'movetime_ms' must be"},
      {{{"rules", "fide"}}, "unknown rules"},
  };
  for (const auto& [body, reason] : bad) {
    const Answer a = post(c, path(id, "new"), body);
    INFO(body.dump() << " " << a.body.dump());
    CHECK(a.status == 400);
    CHECK(a.body["error"].get<std::string>().find(reason) != std::string::npos);
  }
  CHECK(get(c, path(id, "state")).body == before);
  const Answer a = post(c, path(id, "new"), {{"fen", kMateFen}, {"rules", "chinese"}});
  CHECK(a.body["fen"] == kMateFen);
  CHECK(a.body["rules"] == "chinese");
  CHECK(a.body["moves"].empty());
}

TEST_CASE("gui API: requests from elsewhere, oversized bodies and unknown sessions are refused", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  // Another site's page in the user's browser.
  httplib::Headers foreign = {{"Origin", "http://evil.example"}};
  auto res = c.Post(path(id, "move").c_str(), foreign, R"({"move":"h2e2"})", "application/json");
  CHECK(res->status == 403);
  // A form it may post without asking (text/plain): not JSON, refused.
  res = c.Post(path(id, "move").c_str(), R"({"move":"h2e2"})", "text/plain");
  CHECK(res->status == 415);
  // A request for another host name (DNS rebinding).
  httplib::Headers rebound = {{"Host", "evil.example:" + std::to_string(s.port())}};
  res = c.Get(path(id, "state").c_str(), rebound);
  CHECK(res->status == 403);
  // Bounded bodies.
  res = c.Post(path(id, "load").c_str(), nlohmann::json{{"text", std::string(100 * 1024, 'x')}}.dump(), "application/json");
  CHECK(res->status == 413);
  CHECK(get(c, path(id, "state")).body["moves"].empty());
  CHECK(get(c, path("0123456789abcdef0123456789abcdef", "state")).status == 404);
  CHECK(c.Get("/api/session/../../etc/passwd")->status == 404);
}

TEST_CASE("gui API: load and save games (PGN and ICCS lists), the board as SVG", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  Answer a = post(c, path(id, "load"), {{"text", "h2e2 h9g7 h0g2 i9h9"}});
  REQUIRE(a.status == 200);
  CHECK(a.body["moves"].size() == 4);
  CHECK(a.body["ply"] == 0);
  CHECK(a.body["result"].is_null());
  const auto pgn = c.Get(path(id, "pgn").c_str());
  REQUIRE(pgn->status == 200);
  CHECK(pgn->body.find("1. Che2 Hg7 2. Hg2 Rh9") != std::string::npos);
  CHECK(pgn->body.find("[Result \"*\"]") != std::string::npos);
  // What it saves it loads back.
  const std::string saved = pgn->body;
  a = post(c, path(id, "load"), {{"text", saved}});
  REQUIRE(a.status == 200);
  CHECK(a.body["moves"][3]["iccs"] == "i9h9");
  // A finished game keeps the record's result.
  a = post(c, path(id, "load"), {{"text", "[Event \"x\"]\n[Result \"0-1\"]\n\n1. Che2 Hg7 0-1\n"}});
  CHECK(a.body["result"]["result"] == "0-1");
  const nlohmann::json before = a.body;
  for (const char* text : {"", "h2e2 h2e2", "[FEN \"garbage\"]\n\n*", "[Variant \"chess\"]\n\n1. e4 *"}) {
    a = post(c, path(id, "load"), {{"text", text}});
    INFO(text);
    CHECK(a.status == 400);
    CHECK(!a.body["error"].get<std::string>().empty());
  }
  CHECK(get(c, path(id, "state")).body == before);
  post(c, path(id, "goto"), {{"ply", 1}});
  const auto svg = c.Get(path(id, "svg").c_str());
  CHECK(svg->get_header_value("Content-Type") == "image/svg+xml");
  CHECK(svg->body.rfind("<svg", 0) == 0);
  CHECK(svg->body.find("帥") != std::string::npos);
}

TEST_CASE("gui API: jiang replies to a move, and the book's moves are shown", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  // At full strength the engine thinks for the whole movetime, long enough for the three requests below
  // to find it thinking on a loaded machine. (Level 10's node cap ended its search within milliseconds:
  // beside two engines in a match, one run in a few dozen found it done.)
  Answer a = post(c, path(id, "new"), {{"black", "jiang"}, {"movetime_ms", 1500}});
  REQUIRE(a.status == 200);
  CHECK(a.body["book"].size() >= 6);
  a = post(c, path(id, "move"), {{"move", "h2e2"}});
  CHECK(a.body["busy"] == "thinking");
  CHECK(post(c, path(id, "move"), {{"move", "h9g7"}}).body["error"] == "it is the engine's move");
  CHECK(post(c, path(id, "analysis"), {{"on", true}}).status == 400);  // no advice against an engine
  // Looking back at the game does not stop the engine's thinking.
  CHECK(post(c, path(id, "goto"), {{"ply", 0}}).body["busy"] == "thinking");
  const nlohmann::json state = wait_state(c, id, [](const nlohmann::json& st) { return st["moves"].size() == 2; });
  REQUIRE(state["moves"].size() == 2);
  CHECK(state["side"] == "red");
  CHECK(state["busy"] == "");
  // Take back goes back to the person's move.
  a = post(c, path(id, "takeback"));
  CHECK(a.body["moves"].size() == 0);
}

TEST_CASE("gui API: analysis streams MultiPV lines, and stops when its page goes", "[gui]") {
  TestServer s;
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  post(c, path(id, "move"), {{"move", "h2e2"}});
  CHECK(post(c, path(id, "analysis"), {{"on", true}, {"multipv", 9}}).status == 400);
  CHECK(post(c, path(id, "analysis"), {{"on", true}, {"engine", "nobody"}}).status == 400);
  Answer a = post(c, path(id, "analysis"), {{"on", true}, {"multipv", 3}});
  REQUIRE(a.status == 200);
  CHECK(a.body["busy"] == "analysing");
  nlohmann::json lines;
  const std::string events = read_events(s, id, [&](const std::string& text) {
    for (size_t at = text.find("event: analysis\ndata: "); at != std::string::npos;
         at = text.find("event: analysis\ndata: ", at + 1)) {
      const size_t start = at + 22, end = text.find('\n', start);
      if (end == std::string::npos) break;
      const nlohmann::json data = nlohmann::json::parse(text.substr(start, end - start));
      if (data["lines"].size() == 3 && data["lines"][0]["depth"].get<int>() >= 5) lines = data["lines"];
    }
    return !lines.is_null();
  });
  REQUIRE(!lines.is_null());
  CHECK(events.rfind("event: state", 0) == 0);
  for (int i = 0; i < 3; ++i) {
    CHECK(lines[i]["multipv"] == i + 1);
    CHECK(!lines[i]["pv"].empty());
    CHECK(lines[i]["pv"][0].contains("chinese"));
  }
  // The lines are Black's moves, and the scores Red's: Black's best line is the worst for Red.
  CHECK(lines[0]["pv"][0]["iccs"].get<std::string>()[1] >= '5');
  CHECK(lines[0]["score"]["cp"].get<int>() <= lines[2]["score"]["cp"].get<int>());
  // The stream closed: the search stops.
  const nlohmann::json state = wait_state(c, id, [](const nlohmann::json& st) { return st["busy"] == ""; }, 10);
  CHECK(state["busy"] == "");
  CHECK(state["analysis"]["on"] == false);
}

TEST_CASE("gui API: clocks run out, analysis time is bounded", "[gui][timing]") {
  RegistryLimits limits;
  limits.session.max_analysis = 1s;
  TestServer s(limits);
  httplib::Client c = s.client();
  const std::string id = open_session(c);
  Answer a = post(c, path(id, "new"), {{"base_ms", 300}});
  CHECK(a.body["clock"]["running"] == "red");
  nlohmann::json state = wait_state(c, id, [](const nlohmann::json& st) { return !st["result"].is_null(); }, 5);
  CHECK(state["result"]["text"] == "Black wins: time forfeit");

  a = post(c, path(id, "new"), nlohmann::json::object());
  a = post(c, path(id, "analysis"), {{"on", true}});
  CHECK(a.body["busy"] == "analysing");
  state = wait_state(c, id, [](const nlohmann::json& st) { return st["busy"] == ""; }, 10);
  CHECK(state["busy"] == "");
}

TEST_CASE("gui API: two sessions at once keep their own games, and the number of sessions is bounded", "[gui]") {
  RegistryLimits limits;
  limits.max_sessions = 2;
  TestServer s(limits);
  httplib::Client c = s.client();
  const std::string one = open_session(c), two = open_session(c);
  CHECK(one != two);
  std::atomic<int> failures{0};
  auto play = [&](const std::string& id, std::vector<std::string> moves) {
    httplib::Client own = s.client();
    for (const std::string& m : moves)
      if (own.Post(path(id, "move").c_str(), nlohmann::json{{"move", m}}.dump(), "application/json")->status != 200) ++failures;
  };
  std::thread a(play, one, std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9"});
  std::thread b(play, two, std::vector<std::string>{"c3c4", "c6c5", "b0c2"});
  a.join();
  b.join();
  CHECK(failures == 0);
  CHECK(get(c, path(one, "state")).body["moves"].size() == 4);
  CHECK(get(c, path(two, "state")).body["moves"].size() == 3);
  // A third page makes room: the least recently used session without a page goes.
  const std::string three = open_session(c);
  CHECK(get(c, path(one, "state")).status == 404);
  CHECK(get(c, path(two, "state")).status == 200);
  CHECK(post(c, path(three, "close")).status == 200);
  CHECK(get(c, path(three, "state")).status == 404);
  CHECK(s.server().sessions().size() == 1);
}

TEST_CASE("gui API: a port in use is refused, not shared", "[gui]") {
  TestServer s;
  ServerOptions options;
  options.port = s.port();
  GuiServer second(std::make_shared<EngineCatalog>(std::vector<match::EngineSpec>{}, 16), options);
  CHECK_THROWS_WITH(second.bind(), Catch::Contains("cannot listen on 127.0.0.1:" + std::to_string(s.port())));
}

TEST_CASE("gui API: a stop at any moment of the start ends the server", "[gui]") {
  // httplib ignores a stop that comes before its accept loop is up; the server must not then serve
  // forever (CI's sanitizer run hung here once, a test's server stopped just after it started).
  for (int i = 0; i < 50; ++i) {
    ServerOptions options;
    options.port = 0;
    GuiServer server(std::make_shared<EngineCatalog>(std::vector<match::EngineSpec>{}, 16), options);
    server.bind();
    std::thread running([&server] { server.run(); });
    if (i % 2) std::this_thread::yield();
    server.stop();
    running.join();
  }
  ServerOptions options;
  options.port = 0;
  GuiServer stopped_first(std::make_shared<EngineCatalog>(std::vector<match::EngineSpec>{}, 16), options);
  stopped_first.bind();
  stopped_first.stop();
  stopped_first.run();  // returns at once
  SUCCEED("every server stopped");
}
