#include "gui/session.h"

#include <algorithm>
#include <sstream>

#include "book/builtin_book.h"
#include "book/choice.h"
#include "engine/cli/board_picture.h"
#include "engine/cli/judge_command.h"
#include "engine/engine.h"
#include "engine/skill.h"
#include "games/game_reader.h"
#include "match/pgn.h"
#include "match/time_control.h"
#include "rules/referee.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/wxf.h"

namespace jiang::gui {
namespace {

// The page asks for 1 to 5 lines: more would not fit beside the board.
constexpr int kMaxMultiPv = 5;
// Clocks from a second to three hours; an increment up to a minute; a move time up to a minute.
constexpr int64_t kMaxBaseMs = 3 * 3600 * 1000;
constexpr int64_t kMaxIncrementMs = 60 * 1000;
constexpr int64_t kMaxMovetimeMs = 60 * 1000;
// Analysis lines are sent at most this often: a search reports many shallow iterations at once.
constexpr std::chrono::milliseconds kAnalysisInterval{100};

const char* color_name(Color c) { return c == Red ? "red" : "black"; }

ApiError bad(const std::string& message) { return {400, message}; }

// A field of the request, of the right type, or `fallback` if absent.
template <typename T>
T field(const Json& request, const char* name, T fallback) {
  if (!request.is_object()) throw bad("the request must be a JSON object");
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return fallback;
  try {
    return it->get<T>();
  } catch (const Json::exception&) {
    throw bad(std::string("'") + name + "' has the wrong type");
  }
}

template <typename T>
T bounded(const Json& request, const char* name, T fallback, T low, T high) {
  const T value = field<T>(request, name, fallback);
  if (value < low || value > high)
    throw bad(std::string("'") + name + "' must be from " + std::to_string(low) + " to " + std::to_string(high));
  return value;
}

Json move_json(const PlyRecord& r) {
  return {{"iccs", r.iccs}, {"wxf", r.wxf}, {"chinese", r.chinese}, {"san", r.san}};
}

// The line's moves, named in each notation, as far as they are legal (an engine may send nonsense).
Json pv_json(Position pos, const std::vector<std::string>& pv) {
  Json moves = Json::array();
  for (const std::string& text : pv) {
    const std::optional<Move> m = parse_move(text);
    MoveList legal;
    generate_legal(pos, legal);
    if (!m || !legal.contains(*m)) break;
    moves.push_back({{"iccs", text}, {"wxf", wxf(pos, *m)}, {"chinese", chinese_notation(pos, *m)}});
    pos.make_move(*m);
  }
  return moves;
}

}  // namespace

Session::Session(std::string id, std::shared_ptr<const EngineCatalog> engines, SessionLimits limits)
    : id_(std::move(id)), engines_(std::move(engines)), limits_(limits), last_used_(SteadyClock::now()) {
  graph_.assign(1, std::nullopt);
}

Session::~Session() { close(); }

void Session::close() {
  std::map<std::string, std::unique_ptr<EngineDriver>> drivers;
  {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    ++generation_;
    drivers.swap(drivers_);
  }
  changed_cv_.notify_all();
  drivers.clear();  // outside the lock: a job may be waiting for it to report
}

void Session::touch() { last_used_ = SteadyClock::now(); }

void Session::changed() {
  ++state_version_;
  changed_cv_.notify_all();
}

bool Session::engine_plays() const { return !settings_.players[Red].empty() || !settings_.players[Black].empty(); }

Json Session::state() {
  const std::lock_guard lock(mutex_);
  touch();
  return state_locked();
}

Json Session::state_locked() const {
  const Position pos = game_.position_at(view_);
  Json moves = Json::array();
  for (const PlyRecord& r : game_.plies()) moves.push_back(move_json(r));
  Json legal = Json::array();
  const bool at_end = view_ == game_.size();
  if (!(at_end && outcome_)) {
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) legal.push_back(to_string(m));
  }
  Json book = Json::array();
  static const book::Book builtin = book::builtin_book();
  for (const book::BookEntry& e : book::legal_book_moves(builtin, pos))
    book.push_back({{"iccs", to_string(e.move)}, {"wxf", wxf(pos, e.move)}, {"chinese", chinese_notation(pos, e.move)},
                    {"games", e.stats.games()}, {"score", book::score(e.stats)}});
  Json state = {
      {"start_fen", game_.start_fen()},
      {"moves", moves},
      {"ply", view_},
      {"fen", pos.fen()},
      {"side", color_name(pos.side_to_move())},
      {"legal", legal},
      {"check", pos.in_check() ? Json(to_string(pos.king_square(pos.side_to_move()))) : Json()},
      {"last_move", view_ > 0 ? Json(game_.plies()[size_t(view_ - 1)].iccs) : Json()},
      {"players", {{"red", settings_.players[Red]}, {"black", settings_.players[Black]}}},
      {"level", settings_.level},
      {"rules", std::string(rule_set_name(settings_.rules))},
      {"result", outcome_ ? Json{{"result", outcome_->result}, {"reason", outcome_->reason}, {"text", outcome_->text}}
                          : Json()},
      {"analysis", analysis_json()},
      {"busy", busy_},
      {"engine_error", engine_error_},
      {"book", book},
      {"engines", engines_->names()},
      {"version", state_version_},
  };
  if (clock_.enabled()) {
    const std::optional<Color> running = clock_.running();
    state["clock"] = {{"red_ms", clock_.remaining_ms(Red)},
                      {"black_ms", clock_.remaining_ms(Black)},
                      {"increment_ms", clock_.increment_ms()},
                      {"running", running ? Json(color_name(*running)) : Json()}};
  } else {
    state["clock"] = nullptr;
  }
  return state;
}

Json Session::after_change() {
  schedule();
  changed();
  return state_locked();
}

Json Session::analysis_json() const {
  return {{"on", analysis_.on}, {"multipv", analysis_.multipv}, {"engine", analysis_.engine}};
}

// --- Requests --------------------------------------------------------------------------------------

Json Session::new_game(const Json& request) {
  const std::string fen = field<std::string>(request, "fen", std::string(kStartFen));
  Settings s;
  s.players[Red] = field<std::string>(request, "red", "");
  s.players[Black] = field<std::string>(request, "black", "");
  for (const std::string& player : s.players)
    if (!player.empty() && !engines_->has(player)) throw bad("there is no engine named '" + player + "'");
  s.base_ms = bounded<int64_t>(request, "base_ms", 0, 0, kMaxBaseMs);
  s.increment_ms = bounded<int64_t>(request, "increment_ms", 0, 0, kMaxIncrementMs);
  s.movetime_ms = bounded<int64_t>(request, "movetime_ms", 1000, 10, kMaxMovetimeMs);
  s.level = bounded<double>(request, "level", kMaxSkillLevel, 0, kMaxSkillLevel);
  if (request.contains("elo") && !request["elo"].is_null())
    s.level = skill_level_for_elo(bounded<int>(request, "elo", kMaxSkillElo, kMinSkillElo, kMaxSkillElo));
  const std::string rules = field<std::string>(request, "rules", std::string(rule_set_name(kDefaultRuleSet)));
  const std::optional<RuleSet> rule_set = parse_rule_set(rules);
  if (!rule_set) throw bad("unknown rules '" + rules + "' (expected " + kRuleSetNames + ")");
  s.rules = *rule_set;
  GameLine game;
  try {
    game = GameLine(fen);
  } catch (const FenError& e) {
    throw bad("bad FEN: " + std::string(e.what()));
  }
  const Lock lock(mutex_);
  touch();
  game_ = std::move(game);
  view_ = 0;
  settings_ = s;
  outcome_.reset();
  clock_ = GameClock(s.base_ms, s.increment_ms);
  if (engine_plays()) analysis_.on = false;  // no engine advice in a game against an engine
  graph_.assign(1, std::nullopt);
  ++graph_version_;
  judge_end();
  if (!outcome_) clock_.start(game_.position_at(0).side_to_move());
  return after_change();
}

Json Session::play(const Json& request) {
  const std::string text = field<std::string>(request, "move", "");
  const std::optional<Move> m = parse_move(text);
  if (!m) throw bad("'" + text + "' is not a move (ICCS, e.g. h2e2)");
  const Lock lock(mutex_);
  touch();
  const bool at_end = view_ == game_.size();
  if (!at_end && (clock_.enabled() || engine_plays()))
    throw bad("go to the last move to play on: a game with clocks or an engine goes on from its end");
  const Position pos = game_.position_at(view_);
  if (at_end && outcome_) throw bad("the game is over: " + outcome_->text);
  if (!settings_.players[pos.side_to_move()].empty()) throw bad("it is the engine's move");
  MoveList legal;
  generate_legal(pos, legal);
  if (!legal.contains(*m)) throw bad("illegal move " + text + " in " + pos.fen());
  if (!at_end) {  // a new line from an earlier position replaces the rest
    game_.truncate(view_);
    outcome_.reset();
    graph_.resize(size_t(view_ + 1));
    ++graph_version_;
  }
  if (game_.size() >= GameLine::kMaxPlies) throw bad("the game has reached the most plies kept");
  play_at_end(*m);
  return after_change();
}

Json Session::go_to(const Json& request) {
  const Lock lock(mutex_);
  touch();
  view_ = bounded<int>(request, "ply", 0, 0, game_.size());
  if (busy_ == "thinking") {  // looking back at the game while an engine thinks: it goes on thinking
    changed();
    return state_locked();
  }
  return after_change();
}

Json Session::take_back() {
  const Lock lock(mutex_);
  touch();
  if (game_.size() == 0) throw bad("there is no move to take back");
  int keep = game_.size() - 1;
  // Against an engine, back to the person's move.
  while (keep > 0 && !settings_.players[game_.position_at(keep).side_to_move()].empty()) --keep;
  if (!settings_.players[game_.position_at(keep).side_to_move()].empty()) throw bad("there is no move of yours to take back");
  game_.truncate(keep);
  view_ = keep;
  outcome_.reset();
  graph_.resize(size_t(keep + 1));
  ++graph_version_;
  clock_.start(game_.position_at(keep).side_to_move());
  return after_change();
}

Json Session::resign() {
  const Lock lock(mutex_);
  touch();
  if (outcome_) throw bad("the game is over: " + outcome_->text);
  const Color to_move = game_.position_at(game_.size()).side_to_move();
  // The person resigns: the side not played by an engine, else the side to move.
  Color loser = to_move;
  if (!settings_.players[Red].empty() && settings_.players[Black].empty()) loser = Black;
  if (settings_.players[Red].empty() && !settings_.players[Black].empty()) loser = Red;
  end_game(~loser, "resignation");
  return after_change();
}

Json Session::set_analysis(const Json& request) {
  const bool on = field<bool>(request, "on", true);
  const int multipv = bounded<int>(request, "multipv", 1, 1, kMaxMultiPv);
  const std::string engine = field<std::string>(request, "engine", kBuiltinEngine);
  if (!engines_->has(engine)) throw bad("there is no engine named '" + engine + "'");
  const Lock lock(mutex_);
  touch();
  if (on && engine_plays()) throw bad("analysis is for games between people: an engine plays in this game");
  analysis_ = {on, multipv, engine, SteadyClock::now()};
  return after_change();
}

Json Session::start_graph() {
  const Lock lock(mutex_);
  touch();
  if (engine_plays() && !outcome_) throw bad("the evaluation graph waits for the end of a game against an engine");
  const uint64_t generation = ++generation_;
  for (auto& [name, d] : drivers_) d->stop();
  lines_.clear();
  busy_ = "graph";
  graph_.assign(size_t(game_.size() + 1), std::nullopt);
  ++graph_version_;
  const std::string fen = game_.start_fen();
  const std::vector<std::string> moves = game_.moves(game_.size());
  const uint64_t nodes = limits_.graph_nodes;
  const Color first = game_.position_at(0).side_to_move();
  std::weak_ptr<Session> weak = weak_from_this();
  driver(kBuiltinEngine).run([weak, generation, fen, moves, nodes, first](EngineBackend& engine) {
    for (size_t ply = 0; ply <= moves.size() && !engine.stopped(); ++ply) {
      PlayRequest request;
      request.fen = fen;
      request.moves.assign(moves.begin(), moves.begin() + long(ply));
      request.nodes = nodes;
      std::optional<EngineLine> last;
      engine.play(request, [&last](const EngineLine& line) {
        if (line.multipv == 1) last = line;
      });
      if (engine.stopped()) return;
      std::optional<int> red_cp;
      if (last) {
        const int mover_cp = last->mate ? (*last->mate > 0 ? 1 : -1) * 10000 : last->score_cp.value_or(0);
        const bool red_to_move = (ply % 2 == 0) == (first == Red);
        red_cp = red_to_move ? mover_cp : -mover_cp;
      }
      const std::shared_ptr<Session> s = weak.lock();
      if (!s) return;
      s->on_graph_point(generation, int(ply), red_cp);
    }
    if (const std::shared_ptr<Session> s = weak.lock()) s->on_graph_point(generation, -1, std::nullopt);
  });
  changed();
  return state_locked();
}

Json Session::load(const Json& request) {
  const std::string text = field<std::string>(request, "text", "");
  std::istringstream in(text);
  games::GameReader reader(in, "the pasted game", true);
  const std::optional<games::GameReader::Item> item = reader.next();
  if (!item) throw bad("no game in the text: paste a PGN or a list of ICCS moves");
  if (const auto* error = std::get_if<games::GameError>(&*item)) throw bad(error->message);
  const games::Game& read = std::get<games::Game>(*item);
  if (int(read.moves.size()) > GameLine::kMaxPlies) throw bad("the game is longer than the most plies kept");
  GameLine game(read.fen);  // the reader checked the FEN and every move
  for (Move m : read.moves) game.play(game.position_at(game.size()), m);
  const Lock lock(mutex_);
  touch();
  game_ = std::move(game);
  view_ = 0;
  settings_.players = {"", ""};
  clock_ = GameClock();
  outcome_.reset();
  graph_.assign(size_t(game_.size() + 1), std::nullopt);
  ++graph_version_;
  judge_end();
  if (!outcome_ && read.finished) {
    const char* result = result_string(read.result);
    const char* words = read.result == GameResult::RedWins ? "Red wins" : read.result == GameResult::BlackWins ? "Black wins" : "Draw";
    outcome_ = Outcome{result, "the game record's result", std::string(words) + " (the game record's result)"};
  }
  return after_change();
}

std::string Session::pgn() {
  const Lock lock(mutex_);
  touch();
  match::GameOutcome g;
  g.start_fen = game_.start_fen();
  for (const PlyRecord& r : game_.plies()) {
    match::MoveRecord record;
    record.move = r.move;
    g.moves.push_back(record);
  }
  g.abandoned = !outcome_;
  if (outcome_) {
    g.result = outcome_->result == "1-0" ? GameResult::RedWins : outcome_->result == "0-1" ? GameResult::BlackWins : GameResult::Draw;
    g.reason = outcome_->reason;
  }
  match::PgnTags tags;
  tags.event = "jiang gui";
  tags.red = settings_.players[Red].empty() ? "person" : settings_.players[Red];
  tags.black = settings_.players[Black].empty() ? "person" : settings_.players[Black];
  const std::string time_control =
      clock_.enabled() ? match::to_string(match::TimeControl{settings_.base_ms, settings_.increment_ms}) : "-";
  for (Color side : {Red, Black}) tags.time_control[side] = time_control;
  return match::format_pgn(tags, g);
}

std::string Session::svg(bool flip) {
  const Lock lock(mutex_);
  touch();
  const Position pos = game_.position_at(view_);
  const Move last = view_ > 0 ? game_.plies()[size_t(view_ - 1)].move : Move::none();
  return board_svg(BoardPicture{pos, last, flip});
}

// --- The game's course -------------------------------------------------------------------------------

void Session::play_at_end(Move m) {
  const Position end = game_.position_at(game_.size());
  game_.play(end, m);
  view_ = game_.size();
  graph_.resize(size_t(game_.size() + 1));
  clock_.move_made(end.side_to_move());
  judge_end();
}

void Session::judge_end() {
  const Position pos = game_.position_at(game_.size());
  const Ruling ruling = referee_ruling(pos, 3, settings_.rules);  // a referee's count: the third occurrence
  if (ruling.end == GameEnd::None) return;
  const Color mover = pos.side_to_move();
  std::string reason = ruling_words(pos, ruling);
  if (const std::string chased = chased_words(pos, ruling); !chased.empty()) reason += ", the " + chased + " chased with every move";
  if (ruling.end == GameEnd::Draw) end_game(std::nullopt, reason);
  else end_game(ruling.end == GameEnd::SideToMoveWins ? mover : ~mover, reason);
}

void Session::end_game(std::optional<Color> winner, const std::string& reason) {
  clock_.stop();
  const std::string result = !winner ? "1/2-1/2" : *winner == Red ? "1-0" : "0-1";
  const std::string who = !winner ? "Draw" : *winner == Red ? "Red wins" : "Black wins";
  outcome_ = Outcome{result, reason, who + ": " + reason};
}

EngineDriver& Session::driver(const std::string& engine) {
  std::unique_ptr<EngineDriver>& d = drivers_[engine];
  if (!d) {
    std::shared_ptr<const EngineCatalog> catalog = engines_;
    d = std::make_unique<EngineDriver>([catalog, engine] { return catalog->make(engine); });
  }
  return *d;
}

void Session::schedule() {
  ++generation_;
  for (auto& [name, d] : drivers_) d->stop();
  busy_.clear();
  lines_.clear();
  ++analysis_version_;
  if (closed_) return;
  if (!outcome_) {  // an engine to move thinks whatever position the page shows
    const Color to_move = game_.position_at(game_.size()).side_to_move();
    if (!settings_.players[to_move].empty()) {
      start_play(to_move);
      return;
    }
  }
  if (analysis_.on) start_analysis();
}

void Session::start_play(Color side) {
  const std::string engine = settings_.players[side];
  PlayRequest request;
  request.fen = game_.start_fen();
  request.moves = game_.moves(game_.size());
  request.to_move = side;
  if (clock_.enabled()) {
    request.time_ms = {clock_.remaining_ms(Red), clock_.remaining_ms(Black)};
    request.increment_ms = {settings_.increment_ms, settings_.increment_ms};
  } else {
    request.movetime_ms = settings_.movetime_ms;
  }
  request.skill_level = settings_.level;
  busy_ = "thinking";
  const uint64_t generation = generation_;
  const Position pos = game_.position_at(game_.size());
  lines_ply_ = game_.size();
  lines_engine_ = engine;
  std::weak_ptr<Session> weak = weak_from_this();
  driver(engine).run([weak, generation, request, pos, engine](EngineBackend& backend) {
    const std::string best = backend.play(request, [&](const EngineLine& line) {
      if (const std::shared_ptr<Session> s = weak.lock()) s->on_line(generation, pos, line);
    });
    if (const std::shared_ptr<Session> s = weak.lock()) s->on_engine_move(generation, engine, best, backend.stopped());
  });
}

void Session::start_analysis() {
  busy_ = "analysing";
  analysis_.started = SteadyClock::now();
  const uint64_t generation = generation_;
  const Position pos = game_.position_at(view_);
  lines_ply_ = view_;
  lines_engine_ = analysis_.engine;
  const std::string fen = game_.start_fen();
  const std::vector<std::string> moves = game_.moves(view_);
  const int multipv = analysis_.multipv;
  std::weak_ptr<Session> weak = weak_from_this();
  const std::string engine = analysis_.engine;
  driver(engine).run([weak, generation, pos, fen, moves, multipv, engine](EngineBackend& backend) {
    backend.analyse(fen, moves, multipv, [&](const EngineLine& line) {
      if (const std::shared_ptr<Session> s = weak.lock()) s->on_line(generation, pos, line);
    });
    if (backend.stopped()) return;
    if (const std::shared_ptr<Session> s = weak.lock()) s->on_analysis_end(generation, engine);
  });
}

void Session::on_line(uint64_t generation, const Position& pos, const EngineLine& line) {
  const std::lock_guard lock(mutex_);
  if (generation != generation_) return;
  const bool red = pos.side_to_move() == Red;  // scores are sent from Red's side
  Json score;
  if (line.mate) score = {{"mate", red ? *line.mate : -*line.mate}};
  else score = {{"cp", red ? line.score_cp.value_or(0) : -line.score_cp.value_or(0)}};
  Json wdl;
  if (line.wdl) wdl = red ? Json{(*line.wdl)[0], (*line.wdl)[1], (*line.wdl)[2]} : Json{(*line.wdl)[2], (*line.wdl)[1], (*line.wdl)[0]};
  lines_[line.multipv] = {{"multipv", line.multipv}, {"depth", line.depth}, {"seldepth", line.seldepth},
                          {"score", score}, {"wdl", wdl}, {"nodes", line.nodes},
                          {"nps", line.time_ms > 0 ? line.nodes * 1000 / uint64_t(line.time_ms) : 0},
                          {"hashfull", line.hashfull}, {"pv", pv_json(pos, line.pv)}};
  ++analysis_version_;
  changed_cv_.notify_all();
}

void Session::on_engine_move(uint64_t generation, const std::string& engine, const std::string& move, bool stopped) {
  const std::lock_guard lock(mutex_);
  if (generation != generation_ || stopped) return;
  const Position end = game_.position_at(game_.size());
  const std::optional<Move> m = parse_move(move);
  MoveList legal;
  generate_legal(end, legal);
  if (!m || !legal.contains(*m)) {
    // The rules ended every game without a legal move before asking, so this is the engine's fault.
    engine_error_ = drivers_.count(engine) ? drivers_[engine]->error() : "";
    end_game(~end.side_to_move(), move.empty() ? engine + " gave no move" : engine + " played an illegal move " + move);
  } else {
    play_at_end(*m);
  }
  schedule();
  changed();
}

void Session::on_analysis_end(uint64_t generation, const std::string& engine) {
  const std::lock_guard lock(mutex_);
  if (generation != generation_) return;
  busy_.clear();  // the engine ended it (a mate found, a crash, or it could not start)
  engine_error_ = drivers_.count(engine) ? drivers_[engine]->error() : "";
  changed();
}

void Session::on_graph_point(uint64_t generation, int ply, std::optional<int> red_cp) {
  const std::lock_guard lock(mutex_);
  if (generation != generation_) return;
  if (ply < 0) {  // done: back to what the session was doing
    schedule();
    changed();
    return;
  }
  if (size_t(ply) < graph_.size()) graph_[size_t(ply)] = red_cp;
  ++graph_version_;
  changed_cv_.notify_all();
}

// --- The event stream and housekeeping ----------------------------------------------------------------

int Session::attach_stream() {
  const std::lock_guard lock(mutex_);
  touch();
  ++stream_;
  stream_attached_ = true;
  sent_state_ = sent_analysis_ = sent_graph_ = 0;
  // Back from a closed stream: the clock and an engine to move go on.
  if (!outcome_ && !clock_.running()) clock_.start(game_.position_at(game_.size()).side_to_move());
  if (busy_.empty()) schedule();
  changed_cv_.notify_all();  // the older stream sees it is replaced
  return stream_;
}

void Session::detach_stream(int stream) {
  {
    const std::lock_guard lock(mutex_);
    if (stream != stream_) return;  // a newer stream took over
    stream_attached_ = false;
    touch();
    // Nobody is watching: the engines stop (a game against an engine is left as it stands).
    analysis_.on = false;
    ++generation_;
    for (auto& [name, d] : drivers_) d->stop();
    busy_.clear();
    clock_.stop();
  }
  changed_cv_.notify_all();
}

std::optional<std::string> Session::next_event(int stream, std::chrono::milliseconds wait) {
  Lock lock(mutex_);
  const auto pending = [&] {
    const bool analysis_due = analysis_version_ != sent_analysis_ && SteadyClock::now() - analysis_sent_at_ >= kAnalysisInterval;
    return closed_ || stream != stream_ || state_version_ != sent_state_ || analysis_due || graph_version_ != sent_graph_;
  };
  changed_cv_.wait_for(lock, wait, pending);
  if (closed_ || stream != stream_) return std::nullopt;
  if (state_version_ != sent_state_) {
    sent_state_ = state_version_;
    return "event: state\ndata: " + state_locked().dump() + "\n\n";
  }
  if (graph_version_ != sent_graph_) {
    sent_graph_ = graph_version_;
    Json points = Json::array();
    for (const std::optional<int>& p : graph_) points.push_back(p ? Json(*p) : Json());
    return "event: graph\ndata: " + Json{{"points", points}}.dump() + "\n\n";
  }
  if (analysis_version_ != sent_analysis_ && SteadyClock::now() - analysis_sent_at_ >= kAnalysisInterval) {
    sent_analysis_ = analysis_version_;
    analysis_sent_at_ = SteadyClock::now();
    Json lines = Json::array();
    for (const auto& [rank, line] : lines_)
      if (busy_ == "thinking" || rank <= analysis_.multipv) lines.push_back(line);
    return "event: analysis\ndata: " +
           Json{{"ply", lines_ply_}, {"engine", lines_engine_}, {"busy", busy_}, {"lines", lines}}.dump() + "\n\n";
  }
  return std::string();
}

void Session::tick(SteadyClock::time_point now) {
  const std::lock_guard lock(mutex_);
  if (closed_) return;
  if (const std::optional<Color> flag = outcome_ ? std::nullopt : clock_.flagged(now)) {
    end_game(~*flag, "time forfeit");
    schedule();
    changed();
    return;
  }
  if (busy_ == "analysing" && now - analysis_.started > limits_.max_analysis) {
    analysis_.on = false;
    schedule();
    changed();
  }
}

bool Session::abandoned(SteadyClock::time_point now, std::chrono::seconds idle) const {
  const std::lock_guard lock(mutex_);
  return !stream_attached_ && now - last_used_ > idle;
}

bool Session::has_stream() const {
  const std::lock_guard lock(mutex_);
  return stream_attached_;
}

SteadyClock::time_point Session::last_used() const {
  const std::lock_guard lock(mutex_);
  return last_used_;
}

}  // namespace jiang::gui
