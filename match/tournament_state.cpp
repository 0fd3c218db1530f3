#include "match/tournament_state.h"

#include <array>
#include <optional>
#include <fstream>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "util/atomic_file.h"

namespace jiang::match {
namespace {

using Json = nlohmann::json;

// Raised when the file's layout changes, so that an old state is refused rather than misread.
constexpr int kStateVersion = 1;

constexpr std::array<std::pair<Ending, const char*>, 9> kEndingNames = {{
    {Ending::Rules, "rules"},
    {Ending::Adjudication, "adjudication"},
    {Ending::Resignation, "resignation"},
    {Ending::DrawClaim, "draw claim"},
    {Ending::TimeForfeit, "time forfeit"},
    {Ending::IllegalMove, "illegal move"},
    {Ending::FalseClaim, "false claim"},
    {Ending::Crash, "crash"},
    {Ending::Hang, "hang"},
}};

Json game_json(const FinishedGame& g) {
  return {{"number", g.number},
          {"red", g.red},
          {"black", g.black},
          {"result", result_string(g.result)},
          {"reason", g.reason},
          {"ending", ending_name(g.ending)},
          {"culprit", g.culprit ? (*g.culprit == Red ? "red" : "black") : ""},
          {"overruns", {g.overruns[Red], g.overruns[Black]}}};
}

GameResult parse_result(const std::string& text) {
  const std::optional<GameResult> result = parse_game_result(text);
  if (!result) throw StateError("bad result '" + text + "'");
  return *result;
}

FinishedGame parse_game(const Json& j, int engines) {
  FinishedGame g;
  g.number = j.at("number").get<int>();
  g.red = j.at("red").get<int>();
  g.black = j.at("black").get<int>();
  if (g.number < 0 || g.red < 0 || g.red >= engines || g.black < 0 || g.black >= engines || g.red == g.black)
    throw StateError("game " + std::to_string(g.number) + ": bad engine numbers");
  g.result = parse_result(j.at("result").get<std::string>());
  g.reason = j.at("reason").get<std::string>();
  const std::optional<Ending> ending = parse_ending(j.at("ending").get<std::string>());
  if (!ending) throw StateError("game " + std::to_string(g.number) + ": bad ending");
  g.ending = *ending;
  const std::string culprit = j.at("culprit").get<std::string>();
  if (culprit == "red") g.culprit = Red;
  else if (culprit == "black") g.culprit = Black;
  else if (!culprit.empty()) throw StateError("game " + std::to_string(g.number) + ": bad culprit '" + culprit + "'");
  g.overruns[Red] = j.at("overruns").at(0).get<int>();
  g.overruns[Black] = j.at("overruns").at(1).get<int>();
  return g;
}

}  // namespace

std::filesystem::path state_path(const std::string& pgn_path) { return pgn_path + ".state"; }

const char* ending_name(Ending e) {
  for (const auto& [ending, name] : kEndingNames)
    if (ending == e) return name;
  return "?";
}

std::optional<Ending> parse_ending(const std::string& text) {
  for (const auto& [ending, name] : kEndingNames)
    if (text == name) return ending;
  return std::nullopt;
}

void save_state(const std::filesystem::path& path, const TournamentState& s) {
  Json games = Json::array();
  for (const FinishedGame& g : s.games) games.push_back(game_json(g));
  const Json j = {{"version", kStateVersion},   {"fingerprint", s.fingerprint}, {"engines", s.engines},
                  {"restarts", s.restarts},     {"pgn_bytes", s.pgn_bytes},     {"games", games}};
  write_file_atomically(path, j.dump(1) + "\n");
}

TournamentState load_state(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw StateError("cannot read the state " + path.string() + " (is there a tournament to resume?)");
  std::stringstream text;
  text << in.rdbuf();
  try {
    const Json j = Json::parse(text.str());
    if (j.at("version").get<int>() != kStateVersion) throw StateError("written by another version of jiang");
    TournamentState s;
    s.fingerprint = j.at("fingerprint").get<std::string>();
    s.engines = j.at("engines").get<std::vector<std::string>>();
    s.restarts = j.at("restarts").get<std::vector<int>>();
    s.pgn_bytes = j.at("pgn_bytes").get<int64_t>();
    if (s.engines.size() < 2 || s.restarts.size() != s.engines.size() || s.pgn_bytes < 0)
      throw StateError("its engines, restarts or PGN length do not fit");
    for (const Json& g : j.at("games")) s.games.push_back(parse_game(g, int(s.engines.size())));
    return s;
  } catch (const StateError& e) {
    throw StateError("the state " + path.string() + " is not usable: " + e.what());
  } catch (const Json::exception& e) {
    throw StateError("the state " + path.string() + " is not usable: " + e.what());
  }
}

}  // namespace jiang::match
