#include "match/standings.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <stdexcept>

#include "games/game_reader.h"
#include "match/game.h"
#include "match/tournament_state.h"

namespace jiang::match {
namespace {

// Columns of the cross table: names cut to this width.
constexpr size_t kCrossWidth = 9;

double red_points(GameResult r) { return r == GameResult::RedWins ? 1 : r == GameResult::Draw ? 0.5 : 0; }

std::string fixed(const char* pattern, double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, pattern, value);
  return buffer;
}

std::string pad(std::string text, size_t width, bool right = false) {
  if (text.size() >= width) return text;
  return right ? std::string(width - text.size(), ' ') + text : text + std::string(width - text.size(), ' ');
}

// The incident a PGN's Termination tag stands for. The tag groups kinds ("rules infraction": an illegal
// move or a false claim; "abandoned": a crash or a hang); jiang match's comment before the result names
// the kind ("Red wins by false claim: ..."), which settles it when present.
Ending ending_from_pgn(const std::string& termination, const std::string& comment) {
  const Ending grouped = termination == "time forfeit"       ? Ending::TimeForfeit
                         : termination == "rules infraction" ? Ending::IllegalMove
                         : termination == "abandoned"        ? Ending::Crash
                                                             : Ending::Rules;
  const size_t by = comment.find(" by ");
  if (by == std::string::npos) return grouped;
  const std::string reason = comment.substr(by + 4, comment.find(':', by) - (by + 4));
  const std::optional<Ending> named = reason == "refused a legal move" ? Ending::IllegalMove : parse_ending(reason);
  const bool same_group = named && termination_tag(*named) == termination;
  return same_group && grouped != Ending::Rules ? *named : grouped;
}

// "12.5/40": the row engine's points and the games of the pairing; "-" for none.
std::string cross_cell(const ResultMatrix& m, int row, int col) {
  if (row == col || m.games(row, col) == 0) return "-";
  std::string points = fixed("%.1f", m.points(row, col));
  if (points.size() > 2 && points.compare(points.size() - 2, 2, ".0") == 0) points.resize(points.size() - 2);
  return points + "/" + std::to_string(m.games(row, col));
}

int engine_index(const std::vector<std::string>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : int(it - names.begin());
}

}  // namespace

Standings::Standings(std::vector<std::string> names)
    : names_(std::move(names)), results_(int(names_.size())), incidents_(names_.size()) {}

void Standings::add(const FinishedGame& g) {
  ++games_;
  results_.add(g.red, g.black, red_points(g.result));
  ++endings_[g.reason];
  for (Color c : {Red, Black}) incidents_[size_t(c == Red ? g.red : g.black)].overruns += g.overruns[c];
  if (!g.culprit) return;
  EngineIncidents& i = incidents_[size_t(*g.culprit == Red ? g.red : g.black)];
  if (g.ending == Ending::TimeForfeit) ++i.time_forfeits;
  if (g.ending == Ending::IllegalMove) ++i.illegal_moves;
  if (g.ending == Ending::FalseClaim) ++i.false_claims;
  if (g.ending == Ending::Crash) ++i.crashes;
  if (g.ending == Ending::Hang) ++i.hangs;
}

std::vector<std::string> Standings::table(const Anchor& anchor) const {
  const int held = anchor.name.empty() ? 0 : engine_index(names_, anchor.name);
  if (held < 0) throw std::invalid_argument("--anchor: no engine is named '" + anchor.name + "'");
  const std::vector<Rating> ratings = fit_ratings(results_, held, anchor.elo);
  const size_t n = names_.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t(0));
  // Best first; equal ratings by name, so that the table is the same whatever order the engines came in.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (ratings[a].rated != ratings[b].rated) return ratings[a].rated;
    if (ratings[a].elo != ratings[b].elo) return ratings[a].elo > ratings[b].elo;
    return names_[a] < names_[b];
  });
  size_t width = 6;
  for (const std::string& name : names_) width = std::max(width, name.size());
  std::vector<std::string> lines;
  lines.push_back("Rank " + pad("Engine", width) + "      Elo     +/-  Games   Score   Draws");
  for (size_t rank = 0; rank < n; ++rank) {
    const size_t e = order[rank];
    const int games = results_.games(int(e));
    const std::string elo = ratings[e].rated ? fixed("%+9.1f", ratings[e].elo) : "        ?";
    const std::string margin = !ratings[e].rated ? "      ?" : int(e) == held ? "  (held)" : fixed("%8.1f", ratings[e].margin);
    lines.push_back(pad(std::to_string(rank + 1), 4, true) + " " + pad(names_[e], width) + elo + pad(margin, 8, true) +
                    pad(std::to_string(games), 7, true) +
                    pad(games ? fixed("%.1f%%", 100 * results_.points(int(e)) / games) : "-", 8, true) +
                    pad(games ? fixed("%.1f%%", 100.0 * results_.draws(int(e)) / games) : "-", 8, true));
  }
  lines.push_back("Elo: maximum likelihood (Bradley-Terry, draws half a win), 95% intervals, " + names_[size_t(held)] +
                  " held at " + fixed("%.0f", anchor.elo) + "; " + std::to_string(games_) + " games");
  lines.push_back("Cross table (the row engine's points against the column's / games):");
  std::string columns = pad("", width + 5);
  for (size_t c = 0; c < n; ++c) columns += pad(names_[order[c]].substr(0, kCrossWidth), kCrossWidth + 2, true);
  lines.push_back(columns);
  for (size_t r = 0; r < n; ++r) {
    std::string row = pad(std::to_string(r + 1), 4, true) + " " + pad(names_[order[r]], width);
    for (size_t c = 0; c < n; ++c)
      row += pad(cross_cell(results_, int(order[r]), int(order[c])), kCrossWidth + 2, true);
    lines.push_back(row);
  }
  for (size_t e = 0; e < n; ++e) lines.push_back(incidents_line(names_[e], incidents_[e]));
  lines.push_back(endings_line(endings_));
  return lines;
}

Standings standings_from_state(const TournamentState& state) {
  Standings s(state.engines);
  for (const FinishedGame& g : state.games) s.add(g);
  for (size_t e = 0; e < state.restarts.size(); ++e)
    for (int r = 0; r < state.restarts[e]; ++r) s.add_restart(int(e));
  return s;
}

namespace {

// One game of a PGN as the standings count it; its players' names added to `names` if new.
FinishedGame finished_from_pgn(const games::Game& game, int number, std::vector<std::string>& names,
                               const std::string& where) {
  const auto tag = [&](std::string_view name) {
    const std::string* value = game.tag(name);
    return value ? *value : std::string();
  };
  FinishedGame g;
  g.number = number;
  for (auto [side, index] : {std::pair{"White", &g.red}, std::pair{"Black", &g.black}}) {
    const std::string name = tag(side);
    if (name.empty()) throw std::runtime_error(where + " has no " + side + " tag");
    *index = engine_index(names, name);
    if (*index < 0) *index = int(names.size()), names.push_back(name);
  }
  g.result = game.result;
  const std::string termination = tag("Termination");
  g.ending = ending_from_pgn(termination, game.result_comment);
  if (g.ending != Ending::Rules && g.result != GameResult::Draw) g.culprit = g.result == GameResult::RedWins ? Black : Red;
  g.reason = termination.empty() ? "unknown" : termination;
  return g;
}

}  // namespace

Standings standings_from_pgn(const std::vector<std::string>& paths) {
  std::vector<std::string> names;
  std::vector<FinishedGame> finished;
  for (const std::string& path : paths) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    games::GameReader reader(in, path);
    for (int number = 1; const auto item = reader.next(); ++number) {
      if (const auto* error = std::get_if<games::GameError>(&*item)) throw std::runtime_error(error->message);
      const std::string where = path + ": game " + std::to_string(number);
      finished.push_back(finished_from_pgn(std::get<games::Game>(*item), int(finished.size()), names, where));
    }
  }
  if (names.size() < 2) {
    const std::string source =
        paths.size() == 1 ? paths.front() + " holds" : "the " + std::to_string(paths.size()) + " files hold";
    throw std::runtime_error(source + " games of fewer than two engines");
  }
  Standings s(names);
  for (const FinishedGame& g : finished) s.add(g);
  return s;
}

}  // namespace jiang::match
