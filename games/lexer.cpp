#include "games/lexer.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

namespace jiang::games {
namespace {

bool is_blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool ends_word(char c) { return is_blank(c) || std::string_view("{}()[;").find(c) != std::string_view::npos; }

// "12." or "12..." at the start of a word (PGN allows "12.Che2" without a blank): its length, else 0.
size_t move_number_length(const std::string& word) {
  size_t i = 0;
  while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i;
  if (i == 0 || i == word.size() || word[i] != '.') return 0;
  while (i < word.size() && word[i] == '.') ++i;
  return i;
}

// The inside of a tag, `Name "value"`, into the token; false if it is not of that form.
bool parse_tag(std::string_view inside, Token& tag) {
  size_t i = 0;
  while (i < inside.size() && is_blank(inside[i])) ++i;
  const size_t name_start = i;
  while (i < inside.size() && !is_blank(inside[i]) && inside[i] != '"') ++i;
  tag.text = std::string(inside.substr(name_start, i - name_start));
  while (i < inside.size() && is_blank(inside[i])) ++i;
  if (tag.text.empty() || i >= inside.size() || inside[i] != '"') return false;
  for (++i; i < inside.size() && inside[i] != '"'; ++i) {
    if (inside[i] == '\\' && i + 1 < inside.size()) ++i;
    tag.value += inside[i];
  }
  if (i >= inside.size()) return false;  // no closing quote
  for (++i; i < inside.size(); ++i)
    if (!is_blank(inside[i])) return false;
  return true;
}

}  // namespace

bool Lexer::fill() {
  if (!std::getline(in_, line_)) return false;
  ++line_number_;
  if (line_number_ == 1 && line_.starts_with("\xEF\xBB\xBF")) line_.erase(0, 3);  // a UTF-8 byte order mark
  if (!line_.empty() && line_.back() == '\r') line_.pop_back();
  if (!line_.empty() && line_[0] == '%') line_.clear();  // PGN's escape: the line is not PGN
  pos_ = 0;
  return true;
}

std::string Lexer::read_word() {
  const size_t start = pos_;
  while (pos_ < line_.size() && !ends_word(line_[pos_])) ++pos_;
  if (pos_ == start) ++pos_;  // a lone '[' inside a variation: step over it
  return line_.substr(start, pos_ - start);
}

bool Lexer::skip_blanks_and_comments() {
  while (true) {
    if (pos_ >= line_.size()) {
      if (!fill()) return false;
      if (in_comment_) comment_ += ' ';
      continue;
    }
    const char c = line_[pos_];
    if (in_comment_) {
      in_comment_ = c != '}';
      if (in_comment_) comment_ += c;
      ++pos_;
    } else if (is_blank(c)) {
      ++pos_;
    } else if (c == '{') {
      in_comment_ = true;
      comment_.clear();
      ++pos_;
    } else if (c == ';') {
      pos_ = line_.size();
    } else if (c == '(' || c == ')') {
      variation_depth_ = c == '(' ? variation_depth_ + 1 : std::max(variation_depth_ - 1, 0);
      ++pos_;
    } else if (variation_depth_ > 0 || c == '$') {
      read_word();  // a move of a variation, or a NAG
    } else {
      return true;
    }
  }
}

Token Lexer::read_tag() {
  Token tag;
  tag.kind = Token::Kind::Tag;
  tag.line = line_number_;
  const size_t close = line_.find(']', pos_);
  const size_t end = close == std::string::npos ? line_.size() : close;
  tag.malformed = close == std::string::npos || !parse_tag(std::string_view(line_).substr(pos_ + 1, end - pos_ - 1), tag);
  if (tag.malformed) tag.text = line_.substr(pos_, end - pos_ + (close == std::string::npos ? 0 : 1));
  pos_ = close == std::string::npos ? line_.size() : close + 1;
  return tag;
}

std::optional<Token> Lexer::next() {
  while (skip_blanks_and_comments()) {
    if (line_[pos_] == '[') {
      Token tag = read_tag();
      tag.comment = std::exchange(comment_, {});
      return tag;
    }
    const int line = line_number_;
    std::string word = read_word();
    word.erase(0, move_number_length(word));
    if (word.empty()) continue;
    Token token;
    token.text = std::move(word);
    token.line = line;
    token.comment = std::exchange(comment_, {});
    return token;
  }
  return std::nullopt;
}

}  // namespace jiang::games
