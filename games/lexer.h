// The words of a PGN file (or of ICCS move lists, one game a line): tags, move and result words, with
// the line each starts on. Comments ({...} over any lines, ; to the end of the line, % escape lines),
// variations ((...), nested), NAGs ($5) and move numbers ("12.", "12...") are dropped here, except the
// text of the last brace comment before a token, which comes with it (how `jiang match` says a game ended).
#pragma once

#include <istream>
#include <optional>
#include <string>

namespace jiang::games {

struct Token {
  enum class Kind { Tag, Word };
  Kind kind = Kind::Word;
  std::string text;   // a tag's name, or the word
  std::string value;  // a tag's value (unescaped)
  bool malformed = false;  // a tag that is not [Name "value"]
  int line = 0;
  std::string comment;  // the last {...} comment between the previous token and this one (lines joined by blanks)
};

class Lexer {
 public:
  explicit Lexer(std::istream& in) : in_(in) {}
  std::optional<Token> next();  // nothing at the end of the input

 private:
  bool fill();               // the next line into line_; false at the end
  bool skip_blanks_and_comments();  // false at the end of the input
  Token read_tag();
  std::string read_word();

  std::istream& in_;
  std::string line_;
  size_t pos_ = 0;
  int line_number_ = 0;
  int variation_depth_ = 0;
  bool in_comment_ = false;
  std::string comment_;  // the last brace comment since the previous token
};

}  // namespace jiang::games
