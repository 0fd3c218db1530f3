#include "engine/protocol/protocol.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <new>
#include <ostream>
#include <sstream>

#include "engine/protocol/ucci.h"
#include "engine/protocol/uci.h"
#include "engine/system_memory.h"
#include "engine/wdl.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang::protocol {

// --- Output -----------------------------------------------------------------------------------------

void Output::line(std::string_view text) {
  std::lock_guard lock(mutex_);
  line_locked(text);
}

void Output::line_locked(std::string_view text) {
  out_ << text << '\n';
  out_.flush();
}

// --- Parsing helpers --------------------------------------------------------------------------------

namespace {

bool is_blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// An info string echoes what the GUI sent; a megabyte line echoed back would flood the GUI's log. Room
// for our longest message, the list of the search's steps (490 bytes; 512 cut it at 33 steps).
constexpr size_t kMaxReportBytes = 768;

// The length of the well-formed UTF-8 sequence at the start of `text`, or 0 if it is not one.
size_t utf8_sequence_length(std::string_view text) {
  const auto byte = [&text](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  const size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
  if (length == 0 || length > text.size()) return 0;
  for (size_t i = 1; i < length; ++i)
    if ((byte(i) & 0xc0) != 0x80) return 0;
  return length;
}

// What a GUI can display: control bytes and broken UTF-8 become '?', and long text is cut.
std::string printable(std::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size() && out.size() < kMaxReportBytes) {
    const size_t length = utf8_sequence_length(text.substr(i));
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (length == 0 || (length == 1 && (c < 0x20 || c == 0x7f))) {
      out += '?';
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string info_string(std::string_view message) { return "info string " + printable(message); }

}  // namespace

std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) words.emplace_back(line.substr(start, i - start));
  }
  return words;
}

std::string rest_of_line(std::string_view line, size_t words) {
  size_t i = 0;
  for (size_t w = 0; w < words; ++w) {
    while (i < line.size() && is_blank(line[i])) ++i;
    while (i < line.size() && !is_blank(line[i])) ++i;
  }
  while (i < line.size() && is_blank(line[i])) ++i;
  size_t end = line.size();
  while (end > i && is_blank(line[end - 1])) --end;
  return std::string(line.substr(i, end - i));
}

std::string to_lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool iequals(std::string_view a, std::string_view b) { return to_lower(a) == to_lower(b); }

std::optional<int64_t> parse_int(std::string_view text, int64_t min, int64_t max) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (value < min || value > max) return std::nullopt;
  return value;
}

std::optional<double> parse_decimal(std::string_view text) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  double value = 0;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::optional<bool> parse_bool(std::string_view text) {
  const std::string s = to_lower(text);
  // true and false are the protocols' words; uci2wb, XBoard's adapter, sends UCCI's checks as 1 and 0.
  if (s == "true" || s == "on" || s == "1") return true;
  if (s == "false" || s == "off" || s == "0") return false;
  return std::nullopt;
}

PositionSpec parse_position_args(const std::vector<std::string>& args) {
  PositionSpec spec;
  if (args.empty()) throw CommandError("missing 'startpos' or 'fen <FEN>'");
  const auto moves_at = std::find(args.begin(), args.end(), "moves");
  if (args[0] == "startpos") {
    if (args.begin() + 1 != moves_at)
      throw CommandError("unexpected '" + args[1] + "' after 'startpos' (expected 'moves' or the end)");
    spec.fen = std::string(kStartFen);
  } else if (args[0] == "fen") {
    if (args.begin() + 1 == moves_at) throw CommandError("missing FEN after 'fen'");
    for (auto it = args.begin() + 1; it != moves_at; ++it) spec.fen += (spec.fen.empty() ? "" : " ") + *it;
  } else {
    throw CommandError("expected 'startpos' or 'fen <FEN>', got '" + args[0] + "'");
  }
  if (moves_at != args.end()) spec.moves.assign(moves_at + 1, args.end());
  return spec;
}

// --- Session ----------------------------------------------------------------------------------------

Session::Session(Engine& engine, Output& out) : engine_(engine), out_(out) {
  add_shared_commands();
  add_shared_options();
  add_design_options();
  add_best_first_options();
  add_search_options();
}

void Session::add_shared_commands() {
  add_command("isready", [this](const auto&, std::string_view) {
    say("readyok");
    return true;
  });
  add_command("position", [this](const std::vector<std::string>& words, std::string_view) {
    set_position(parse_position_args(arguments(words)));
    after_position();
    return true;
  });
  add_command("stop", [this](const auto&, std::string_view) {
    if (!stop_search()) stop_without_search();  // a running search answers with its bestmove
    return true;
  });
  add_command("quit", [this](const auto&, std::string_view) {
    finish();
    before_quit();
    return false;
  });
}

void Session::add_shared_options() {
  using Type = OptionSpec::Type;
  const auto spin = [](int64_t value) { return std::to_string(value); };
  const auto check = [](bool value) { return std::string(value ? "true" : "false"); };
  std::vector<std::string> rule_sets, varieties;
  for (RuleSet r : {RuleSet::Axf, RuleSet::Chinese, RuleSet::Draw}) rule_sets.emplace_back(rule_set_name(r));
  for (book::Variety v : {book::Variety::Best, book::Variety::Weighted}) varieties.emplace_back(book::variety_name(v));

  add_option({"Hash", "hashsize", Type::Spin, spin(Engine::kDefaultHashMb), 1, Engine::kMaxHashMb, {},
              [this](std::string_view v, std::string_view name) {
                set_hash_mb(option_int(v, 1, Engine::kMaxHashMb, name, " (MB)"));
              }});
  add_option({"Threads", "threads", Type::Spin, "1", 1, Engine::kMaxThreads, {},
              [this](std::string_view v, std::string_view name) {
                set_threads(int(option_int(v, 1, Engine::kMaxThreads, name)));
              }});
  add_option({"Ponder", "ponder", Type::Check, check(false), 0, 0, {},
              [this](std::string_view v, std::string_view name) { ponder_ = option_bool(v, name); }});
  add_option({"Clear Hash", "newgame", Type::Button, "", 0, 0, {}, [this](std::string_view, std::string_view name) {
                require_idle(name);
                engine_.new_game();
              }});
  add_option({"WeightsFile", "weightsfile", Type::String, "<empty>", 0, 0, {},
              [this](std::string_view v, std::string_view) { load_weights(std::string(v)); }});
  add_option({"Move Overhead", "moveoverhead", Type::Spin, spin(kDefaultMoveOverheadMs), 0, kMaxMoveOverheadMs, {},
              [this](std::string_view v, std::string_view name) { set_move_overhead(v, name); }});
  add_option({"Repetition Rule", "repetitionrule", Type::Combo, std::string(rule_set_name(kDefaultRuleSet)), 0, 0,
              rule_sets, [this](std::string_view v, std::string_view name) { set_repetition_rule(v, name); }});
  add_option({"MultiPV", "multipv", Type::Spin, "1", 1, kMaxMultiPv, {},
              [this](std::string_view v, std::string_view name) { set_multipv(v, name); }});
  add_option({"Skill Level", "skilllevel", Type::Spin, spin(kMaxSkillLevel), 0, kMaxSkillLevel, {},
              [this](std::string_view v, std::string_view name) { set_skill_level(v, name); }});
  add_option({"UCI_LimitStrength", "limitstrength", Type::Check, check(false), 0, 0, {},
              [this](std::string_view v, std::string_view name) { set_limit_strength(v, name); }});
  add_option({"UCI_ShowWDL", "showwdl", Type::Check, check(false), 0, 0, {},
              [this](std::string_view v, std::string_view name) { set_show_wdl(v, name); }});
  add_option({"UCI_Elo", "elo", Type::Spin, spin(kMaxSkillElo), kMinSkillElo, kMaxSkillElo, {},
              [this](std::string_view v, std::string_view name) { set_elo(v, name); }});
  add_option({"OwnBook", "usebook", Type::Check, check(OwnBook::kDefaultEnabled), 0, 0, {},
              [this](std::string_view v, std::string_view name) { set_own_book(v, name); }});
  add_option({"BookFile", "bookfiles", Type::String, "<empty>", 0, 0, {},
              [this](std::string_view v, std::string_view name) { set_book_file(std::string(v), name); }});
  add_option({"BookDepth", "bookdepth", Type::Spin, spin(OwnBook::kDefaultDepth), 0, OwnBook::kMaxDepth, {},
              [this](std::string_view v, std::string_view name) { set_book_depth(v, name); }});
  add_option({"Book Variety", "bookvariety", Type::Combo, std::string(book::variety_name(OwnBook::kDefaultVariety)),
              0, 0, varieties, [this](std::string_view v, std::string_view name) { set_book_variety(v, name); }});
}

void Session::declare_options(bool uci) {
  for (const OptionSpec& o : options_)
    if (!(uci ? o.uci_name : o.ucci_name).empty()) say(uci ? uci_declaration(o) : ucci_declaration(o));
}

void Session::set_option(std::string_view name, std::string_view value, bool has_value, bool uci) {
  const OptionSpec* option = find_option(options_, name, uci);
  if (!option) throw CommandError("unknown option '" + std::string(name) + "'");
  const std::string& own_name = uci ? option->uci_name : option->ucci_name;
  if (!has_value && option->type != OptionSpec::Type::Button)
    throw CommandError("option '" + own_name + "' needs 'value <value>'");
  option->set(value, own_name);
}

void Session::apply_option(std::string_view name, std::string_view value) {
  OptionSpec* option = find_option(options_, name, true);
  if (!option) option = find_option(options_, name, false);
  if (!option) throw CommandError("unknown option '" + std::string(name) + "'");
  option->set(value, name);
  // Declared as the default from now on: a GUI that sends every option's default back (XBoard does)
  // must not undo the command line. uci2wb drops a combo's default and XBoard takes its first choice
  // instead, so the chosen value also goes first.
  if (option->type == OptionSpec::Type::Button) return;
  option->default_value = declared_value(*option, value);
  auto& vars = option->vars;
  if (const auto chosen = std::find(vars.begin(), vars.end(), option->default_value); chosen != vars.end())
    std::rotate(vars.begin(), chosen, chosen + 1);
}

Session::~Session() = default;

bool Session::handle(std::string_view line) {
  const std::vector<std::string> words = split_words(line);
  if (words.empty()) return true;
  try {
    for (const auto& [name, command] : commands_)
      if (name == words[0]) return command(words, line);
    report("unknown command '" + words[0] + "'");
    return true;
  } catch (const CommandError& e) {
    report(words[0] + ": " + e.what());
  }
  return true;
}

void Session::finish() {
  engine_.stop();
  engine_.wait();
}

void Session::report(std::string_view message) { out_.line(info_string(message)); }

void Session::set_position(const PositionSpec& spec) {
  try {
    engine_.set_position(spec.fen, spec.moves);
  } catch (const FenError& e) {
    throw CommandError("bad FEN '" + spec.fen + "': " + e.what() + "; position unchanged");
  } catch (const MoveError& e) {
    throw CommandError(std::string(e.what()) + "; position unchanged");
  }
  position_ = spec;
}

std::vector<Move> Session::parse_legal_moves(const std::vector<std::string>& texts) const {
  std::vector<Move> moves;
  const Position& pos = engine_.position();
  for (const std::string& text : texts) {
    const std::optional<Move> m = parse_move(text);
    if (!m) throw CommandError("malformed move '" + text + "'");
    if (!is_legal(pos, *m)) throw CommandError("illegal move '" + text + "' in " + pos.fen());
    moves.push_back(*m);
  }
  return moves;
}

void Session::set_hash_mb(int64_t mb) {
  require_idle("hash");
  // The kernel may grant more than it has (overcommit) and kill the engine when the table is cleared:
  // ask for no more than it can give. The current table is freed only after the new one is allocated.
  // The same size again is only a clear (TranspositionTable::resize): it needs no new memory.
  const std::optional<int64_t> available = available_memory_mb();
  if (available && mb != engine_.hash_mb() && mb > *available)
    throw CommandError("hash " + std::to_string(mb) + " MB is more than the memory available (" +
                       std::to_string(*available) + " MB); hash size unchanged");
  try {
    engine_.set_hash_mb(int(mb));
  } catch (const std::bad_alloc&) {
    throw CommandError("cannot allocate " + std::to_string(mb) + " MB; hash size unchanged");
  }
}

void Session::set_threads(int threads) {
  require_idle("threads");
  engine_.set_threads(threads);
}

int64_t option_int(std::string_view value, int64_t min, int64_t max, std::string_view option,
                   std::string_view unit) {
  const std::optional<int64_t> n = parse_int(value, min, max);
  if (!n)
    throw CommandError(std::string(option) + " expects " + std::to_string(min) + ".." + std::to_string(max) +
                       std::string(unit) + ", got '" + std::string(value) + "'");
  return *n;
}

bool option_bool(std::string_view value, std::string_view option) {
  const std::optional<bool> on = parse_bool(value);
  if (!on) throw CommandError(std::string(option) + " expects true or false, got '" + std::string(value) + "'");
  return *on;
}

void Session::set_move_overhead(std::string_view value, std::string_view option) {
  move_overhead_ms_ = option_int(value, 0, kMaxMoveOverheadMs, option, " (ms)");
}

void Session::set_repetition_rule(std::string_view value, std::string_view option) {
  const std::optional<RuleSet> rules = parse_rule_set(value);
  if (!rules)
    throw CommandError(std::string(option) + " expects one of " + kRuleSetNames + ", got '" + std::string(value) + "'");
  rules_ = *rules;
}

void Session::set_multipv(std::string_view value, std::string_view option) {
  multipv_ = int(option_int(value, 1, kMaxMultiPv, option));
}

void Session::set_skill_level(std::string_view value, std::string_view option) {
  strength_.level = int(option_int(value, 0, kMaxSkillLevel, option));
}

void Session::set_limit_strength(std::string_view value, std::string_view option) {
  strength_.limited = option_bool(value, option);
}

void Session::set_elo(std::string_view value, std::string_view option) {
  strength_.elo = int(option_int(value, kMinSkillElo, kMaxSkillElo, option));
}

void Session::set_show_wdl(std::string_view value, std::string_view option) {
  show_wdl_ = option_bool(value, option);
}

std::string Session::wdl_words(Score score) const {
  if (!show_wdl_) return "";
  const Wdl wdl = wdl_from_score(score);
  return " wdl " + std::to_string(wdl.win) + " " + std::to_string(wdl.draw) + " " + std::to_string(wdl.loss);
}

std::string Session::pv_words(const std::vector<Move>& pv) {
  std::string text = pv.empty() ? "" : " pv";
  for (Move m : pv) {
    text += ' ';  // appended in two steps: GCC 12 warns (-Wrestrict, falsely) about " " + string here
    text += to_string(m);
  }
  return text;
}

Skill Session::Strength::skill() const {
  Skill skill;
  skill.level = limited ? skill_level_for_elo(elo) : level;
  return skill;
}

void Session::load_weights(std::string path) {
  require_idle("weights");
  if (path == "<empty>") path.clear();
  int defaulted = 0;
  try {
    engine_.set_params(path.empty() ? Params() : Params::load(path, &defaulted));
  } catch (const std::exception& e) {  // ParamError, or a filesystem error from the path itself
    throw CommandError(std::string(e.what()) + "; weights unchanged");
  }
  if (path.empty()) {
    report("weights: the compiled-in defaults");
  } else if (defaulted > 0) {
    report("weights loaded from " + path + "; " + std::to_string(defaulted) +
           " parameters not in the file keep their compiled-in values");
  } else {
    report("weights loaded from " + path);
  }
}

void Session::set_own_book(std::string_view value, std::string_view option) {
  own_book_.set_enabled(option_bool(value, option));
}

void Session::set_book_file(std::string path, std::string_view option) {
  if (path == "<empty>") path.clear();
  try {
    own_book_.load(path);
  } catch (const book::BookError& e) {
    throw CommandError(std::string(option) + ": " + e.what() + "; book unchanged");
  }
  report(path.empty() ? "book: the built-in book" : "book loaded from " + path);
}

void Session::set_book_depth(std::string_view value, std::string_view option) {
  own_book_.set_depth(int(option_int(value, 0, OwnBook::kMaxDepth, option, " (plies)")));
}

void Session::set_book_variety(std::string_view value, std::string_view option) {
  const std::optional<book::Variety> variety = book::parse_variety(value);
  if (!variety)
    throw CommandError(std::string(option) + " expects one of " + book::kVarietyNames + ", got '" + std::string(value) + "'");
  own_book_.set_variety(*variety);
}

Move Session::checked_ponder(const SearchResult& result, const Position& root) {
  if (!result.best || !result.ponder || !is_legal(root, result.best)) return Move::none();
  Position after = root;
  after.make_move(result.best);
  return is_legal(after, result.ponder) ? result.ponder : Move::none();
}

void Session::answer_from_book(const book::BookEntry& entry) {
  SearchInfo info;
  info.pv = {entry.move};
  const std::string text = info_line(info);
  if (!text.empty()) say(text);
  const book::MoveStats& s = entry.stats;
  report("book move " + to_string(entry.move) + ": " + std::to_string(s.games()) + " games, +" + std::to_string(s.wins) +
         " =" + std::to_string(s.draws) + " -" + std::to_string(s.losses));
  SearchResult result;
  result.best = entry.move;
  say(bestmove_line(result, engine_.position(), false));
}

void Session::start_search(const SearchLimits& limits, bool draw_offered) {
  // Let a running search answer first, so its bestmove comes before anything of the new one; the
  // engine would do the same inside go(), but the new run's state must not be set up before that.
  finish();
  // Never from the book in analysis (go infinite), where the GUI asks for the search's opinion, nor
  // when pondering, where the answer must wait for ponderhit or stop and the search's time is free.
  if (!limits.infinite && !limits.ponder) {
    SearchLimits with_rules = limits;
    with_rules.rules = rules_;
    if (const std::optional<book::BookEntry> entry = own_book_.choose(engine_.position(), with_rules)) {
      answer_from_book(*entry);
      return;
    }
  }
  auto run = std::make_shared<Run>();
  run->root = engine_.position();
  run->pondering = limits.ponder;
  run->draw_offered = draw_offered;
  {
    std::lock_guard lock(out_.mutex());
    run_ = run;
    active_ = true;
  }
  SearchLimits with_overhead = limits;
  with_overhead.move_overhead_ms = move_overhead_ms_;
  with_overhead.rules = rules_;
  with_overhead.multipv = multipv_;
  with_overhead.skill = strength_.skill();
  with_overhead.design = design_;
  with_overhead.search_params = search_params_;
  SearchCallbacks callbacks;
  callbacks.on_info = [this](const SearchInfo& info) {
    const std::string text = info.note.empty() ? info_line(info) : "info string " + info.note;
    if (!text.empty()) out_.line(text);
  };
  callbacks.on_done = [this, run](const SearchResult& result) {
    std::lock_guard lock(out_.mutex());
    out_.line_locked(bestmove_line(result, run->root, run->draw_offered));
    if (run_ == run) active_ = false;
  };
  engine_.go(with_overhead, std::move(callbacks));
}

bool Session::stop_search() {
  {
    std::lock_guard lock(out_.mutex());
    if (!active_) return false;
  }
  engine_.stop();
  return true;
}

void Session::ponderhit(bool draw_offered) {
  std::lock_guard lock(out_.mutex());
  if (!active_ || !run_->pondering) return;  // nothing to switch: a ponderhit that crossed a bestmove
  run_->pondering = false;
  run_->draw_offered = run_->draw_offered || draw_offered;
  engine_.ponderhit();
}

bool Session::search_active() {
  std::lock_guard lock(out_.mutex());
  return active_;
}

void Session::require_idle(std::string_view what) {
  if (search_active()) throw CommandError(std::string(what) + ": not while searching; send stop first");
}

// --- The loop ---------------------------------------------------------------------------------------

std::string check_startup_options(Engine& engine, const StartupOptions& options) {
  std::ostringstream discarded;
  Output output(discarded);
  UciSession session(engine, output);
  for (const auto& [name, value] : options) {
    try {
      session.apply_option(name, value);
    } catch (const CommandError& e) {
      return name + ": " + e.what();
    }
  }
  return {};
}

int run_protocol_loop(std::istream& in, std::ostream& out, Engine& engine, const StartupOptions& options) {
  Output output(out);
  std::unique_ptr<Session> session;
  for (std::string line; std::getline(in, line);) {
    if (!session) {
      const std::vector<std::string> words = split_words(line);
      if (words.empty()) continue;
      if (words[0] == "ucci") {
        session = std::make_unique<UcciSession>(engine, output);
      } else if (words[0] == "uci") {
        session = std::make_unique<UciSession>(engine, output);
      } else if (words[0] == "quit") {
        return 0;
      } else {
        output.line(info_string("unknown command '" + words[0] + "': send ucci or uci first"));
        continue;
      }
      // Before the greeting, so that the handshake declares them as the defaults.
      for (const auto& [name, value] : options) {
        try {
          session->apply_option(name, value);
        } catch (const CommandError& e) {  // checked at start-up: only a resource the GUI's run lacks
          output.line(info_string("--setoption " + name + ": " + e.what()));
        }
      }
      session->greet();
      continue;
    }
    if (!session->handle(line)) break;
  }
  if (session) session->finish();  // end of input: the running search still answers
  return 0;
}

}  // namespace jiang::protocol
