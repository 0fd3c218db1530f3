// Reads games from the PGN that `jiang match` and XBoard write (XBoard's Xiangqi SAN, or ICCS moves;
// tags, FEN and SetUp for other start positions, comments, variations, results) and from plain ICCS
// move lists, one game a line ("h2e2 h9g7 ... 1-0").
//
// Where a game ends: one with tags (PGN) at its result word, at the next game's tags or at the end of
// the file; one without tags (a move list) at the end of its line. Each game needs a result, from its
// last word or its Result tag. A game that cannot be read is reported, naming the file, the line and
// the game, and skipped: the reader goes on with the next.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/game.h"
#include "games/lexer.h"

namespace jiang::games {

// A game that could not be read: "FILE:LINE: game N: why".
struct GameError {
  std::string message;
};

class GameReader {
 public:
  using Item = std::variant<Game, GameError>;
  // `source` names the input in messages (the file's path). With `allow_unfinished`, a game without a
  // result (a GUI's game in progress) is read too, as not finished.
  GameReader(std::istream& in, std::string source, bool allow_unfinished = false)
      : lexer_(in), source_(std::move(source)), allow_unfinished_(allow_unfinished) {}
  std::optional<Item> next();  // nothing at the end of the input

 private:
  // The tokens of one game, not yet interpreted.
  struct RawGame {
    int line = 0;
    std::vector<Token> tags;
    std::vector<Token> words;
    std::string result_word;  // the movetext's last word, if a result ("*" included)
    std::string result_comment;  // the comment before it
  };
  std::optional<RawGame> collect();
  std::optional<Token> take();
  Item interpret(const RawGame& raw) const;
  GameError error(int line, const std::string& why) const;

  Lexer lexer_;
  std::optional<Token> pending_;  // read ahead: the first token of the next game
  std::string source_;
  int number_ = 0;  // of the game being read, from 1
  bool allow_unfinished_ = false;
};

}  // namespace jiang::games
