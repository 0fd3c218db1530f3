#include "games/game_reader.h"

#include <cctype>
#include <utility>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/san.h"

namespace jiang::games {
namespace {

bool is_result_word(const std::string& word) { return word == "*" || parse_game_result(word).has_value(); }

std::string lower(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

const std::string* tag_value(const std::vector<Token>& tags, std::string_view name) {
  for (const Token& tag : tags)
    if (tag.text == name) return &tag.value;
  return nullptr;
}

// An ICCS word ("h2e2", "h2-e2", "H2E2"), if the word is one. SAN piece moves begin with a capital and
// have a small file letter ("C2e2" is a cannon on rank 2): never ICCS.
std::optional<Move> iccs_word(std::string word) {
  if (word.size() == 5 && word[2] == '-') word.erase(2, 1);
  if (word.size() != 4 || (std::isupper(static_cast<unsigned char>(word[0])) && !std::isupper(static_cast<unsigned char>(word[2]))))
    return std::nullopt;
  return parse_move(word);
}

// The legal move a word names in `pos`, in ICCS or SAN; else nothing and why.
std::optional<Move> read_move(const Position& pos, const std::string& word, std::string& why) {
  if (const std::optional<Move> m = iccs_word(word)) {
    if (is_legal(pos, *m)) return m;
    why = "'" + word + "': illegal move";
    return std::nullopt;
  }
  SanError error;
  const std::optional<Move> m = parse_san(pos, word, &error);
  if (!m) why = error.message;
  return m;
}

}  // namespace

std::optional<Token> GameReader::take() {
  if (pending_) return std::exchange(pending_, std::nullopt);
  return lexer_.next();
}

std::optional<GameReader::RawGame> GameReader::collect() {
  std::optional<Token> token = take();
  if (!token) return std::nullopt;
  ++number_;
  RawGame raw;
  raw.line = token->line;
  const bool tagged = token->kind == Token::Kind::Tag;
  for (; token && token->kind == Token::Kind::Tag; token = take()) raw.tags.push_back(*token);
  for (; token && token->kind == Token::Kind::Word; token = take()) {
    if (!tagged && token->line != raw.line) break;  // a move list ends with its line
    if (is_result_word(token->text)) {
      raw.result_word = token->text;
      raw.result_comment = token->comment;
      return raw;
    }
    raw.words.push_back(*token);
  }
  pending_ = token;  // the next game's first token (or nothing at the end)
  return raw;
}

GameError GameReader::error(int line, const std::string& why) const {
  return {source_ + ":" + std::to_string(line) + ": game " + std::to_string(number_) + ": " + why};
}

GameReader::Item GameReader::interpret(const RawGame& raw) const {
  for (const Token& tag : raw.tags)
    if (tag.malformed) return error(tag.line, "malformed tag '" + tag.text + "' (expected [Name \"value\"])");
  const std::string* variant = tag_value(raw.tags, "Variant");
  if (variant && lower(*variant) != "xiangqi" && lower(*variant) != "chinese chess")
    return error(raw.line, "variant '" + *variant + "' is not xiangqi");
  Game game;
  for (const Token& tag : raw.tags) game.tags.emplace_back(tag.text, tag.value);
  const std::string* fen = tag_value(raw.tags, "FEN");
  game.fen = fen ? *fen : std::string(kStartFen);
  Position pos;
  try {
    pos = Position::from_fen(game.fen);
  } catch (const FenError& e) {
    return error(raw.line, "bad FEN '" + game.fen + "': " + e.what());
  }
  for (size_t i = 0; i < raw.words.size(); ++i) {
    std::string why;
    const std::optional<Move> m = read_move(pos, raw.words[i].text, why);
    if (!m) return error(raw.words[i].line, "move " + std::to_string(i + 1) + " " + why + " in " + pos.fen());
    game.moves.push_back(*m);
    // The lexer hands each token the last comment before it: the one after this move.
    game.comments.push_back(i + 1 < raw.words.size() ? raw.words[i + 1].comment : raw.result_comment);
    pos.make_move(*m);
  }
  const std::string* result_tag = tag_value(raw.tags, "Result");
  const std::string result_text = raw.result_word.empty() || raw.result_word == "*" ? (result_tag ? *result_tag : raw.result_word)
                                                                                    : raw.result_word;
  const std::optional<GameResult> result = parse_game_result(result_text);
  if (!result && allow_unfinished_ && (result_text.empty() || result_text == "*")) {
    game.finished = false;
    return game;
  }
  if (!result) return error(raw.line, "no result (1-0, 0-1 or 1/2-1/2)" + (result_text.empty() ? "" : ", got '" + result_text + "'"));
  game.result = *result;
  game.result_comment = raw.result_comment;
  return game;
}

std::optional<GameReader::Item> GameReader::next() {
  const std::optional<RawGame> raw = collect();
  if (!raw) return std::nullopt;
  return interpret(*raw);
}

}  // namespace jiang::games
