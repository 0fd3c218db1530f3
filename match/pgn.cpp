#include "match/pgn.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "movegen/movegen.h"

namespace jiang::match {
namespace {

// PGN import format keeps lines within 255 characters; 79 is what XBoard writes and reads comfortably.
constexpr size_t kLineWidth = 79;

// XBoard's "{+0.35/8 1.2}": the mover's score in pawns, the depth, the time in tenths of seconds.
std::string move_comment(const MoveRecord& r) {
  if (!r.score) return "";
  char buffer[64];
  const double seconds = double(r.used.count()) / 1000;
  if (r.score->mate)
    std::snprintf(buffer, sizeof buffer, "{%sM%d/%d %.1f}", r.score->value > 0 ? "+" : "-", std::abs(r.score->value),
                  r.depth, seconds);
  else
    std::snprintf(buffer, sizeof buffer, "{%+.2f/%d %.1f}", r.score->value / 100.0, r.depth, seconds);
  return buffer;
}

// An abandoned game (stopped, or a GUI's game in progress) has no result: "*", as PGN writes it.
std::string result_word(const GameOutcome& g) { return g.abandoned ? "*" : result_string(g.result); }

std::string result_comment(const GameOutcome& g) {
  if (g.abandoned) return "{Unfinished}";
  std::string text = g.result == GameResult::Draw ? "Draw" : g.result == GameResult::RedWins ? "Red wins" : "Black wins";
  text += " by " + g.reason;
  if (!g.detail.empty()) text += ": " + g.detail;
  // A PGN comment ends at the first '}': an engine's words (a claim's reason) must not end it early.
  std::replace(text.begin(), text.end(), '{', '(');
  std::replace(text.begin(), text.end(), '}', ')');
  return "{" + text + "}";
}

std::string tag(const std::string& name, const std::string& value) {
  std::string escaped;
  for (char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "[" + name + " \"" + escaped + "\"]\n";
}

std::string time_control_tags(const PgnTags& t) {
  if (t.time_control[Red] == t.time_control[Black]) return tag("TimeControl", t.time_control[Red]);
  return tag("WhiteTimeControl", t.time_control[Red]) + tag("BlackTimeControl", t.time_control[Black]);
}

// Words joined by blanks, broken into lines of at most kLineWidth characters.
std::string wrap(const std::vector<std::string>& words) {
  std::string text, line;
  for (const std::string& w : words) {
    if (!line.empty() && line.size() + 1 + w.size() > kLineWidth) {
      text += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  return text + line + "\n";
}

// The FEN's sixth field, the number of the move to play (1 if the FEN stops short).
int fullmove_number(const std::string& fen) {
  std::istringstream fields(fen);
  std::string field;
  for (int i = 0; i < 6 && fields >> field; ++i) {
  }
  const int n = std::atoi(field.c_str());
  return n > 0 && std::count(fen.begin(), fen.end(), ' ') >= 5 ? n : 1;
}

std::vector<std::string> move_words(const GameOutcome& g) {
  Position pos = Position::from_fen(g.start_fen);
  int move_number = fullmove_number(g.start_fen);
  std::vector<std::string> words;
  for (size_t i = 0; i < g.moves.size(); ++i) {
    const MoveRecord& r = g.moves[i];
    if (pos.side_to_move() == Red) words.push_back(std::to_string(move_number) + ".");
    else if (i == 0) words.push_back(std::to_string(move_number) + "...");
    words.push_back(san(pos, r.move));
    if (const std::string c = move_comment(r); !c.empty()) words.push_back(c);
    if (pos.side_to_move() == Black) ++move_number;
    pos.make_move(r.move);
  }
  words.push_back(result_comment(g));
  words.push_back(result_word(g));
  return words;
}

}  // namespace

std::string format_pgn(const PgnTags& t, const GameOutcome& g) {
  std::string text = tag("Event", t.event) + tag("Site", t.site) + tag("Date", t.date) +
                     tag("Round", std::to_string(t.round)) + tag("White", t.red) + tag("Black", t.black) +
                     tag("Result", result_word(g)) + time_control_tags(t) +
                     tag("Variant", "xiangqi") + tag("FEN", xboard_fen(g.start_fen)) + tag("SetUp", "1") +
                     tag("Termination", termination_tag(g.ending)) + tag("PlyCount", std::to_string(g.moves.size()));
  return text + "\n" + wrap(move_words(g)) + "\n";
}

PgnFile::PgnFile(const std::string& path) : file_(std::fopen(path.c_str(), "ae")) {
  if (!file_) throw std::runtime_error("cannot write PGN " + path + ": " + std::strerror(errno));
}

PgnFile::~PgnFile() { std::fclose(file_); }

bool PgnFile::append(const std::string& text) {
  const std::lock_guard lock(mutex_);
  return std::fwrite(text.data(), 1, text.size(), file_) == text.size() && std::fflush(file_) == 0;
}

}  // namespace jiang::match
