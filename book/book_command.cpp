#include "book/book_command.h"

#include <cstdio>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "book/book_file.h"
#include "book/builder.h"
#include "book/builtin_book.h"
#include "book/choice.h"
#include "games/game_files.h"
#include "movegen/notation.h"
#include "movegen/play_moves.h"
#include "movegen/san.h"
#include "util/atomic_file.h"

namespace jiang::book {
namespace {

// The plies and the game count of the shipped book (docs/book.md): past move 8 jiang's own
// games spread out too far for a few hundred of them to say anything, and fewer than 3 games are noise.
constexpr int kDefaultMaxPly = 16;
constexpr int kDefaultMinGames = 3;

struct BuildOptions {
  std::vector<std::string> pgn;
  int max_ply = kDefaultMaxPly;
  int min_games = kDefaultMinGames;
  std::string out;
};

struct ProbeOptions {
  std::string fen{kStartFen};
  std::string moves;  // ICCS moves played from fen, blank-separated
  std::string book;  // empty: the built-in book
  std::string variety{variety_name(Variety::Weighted)};
};

int run_build(const BuildOptions& o) {
  BookBuilder builder(o.max_ply, o.min_games);
  games::ReadCounts total;
  try {
    total = games::read_game_files(
        o.pgn, [&](const games::Game& game) { builder.add(game); },
        [](const games::GameError& e) { std::cerr << "jiang book build: skipped " << e.message << "\n"; });
  } catch (const games::GameFileError& e) {
    std::cerr << "jiang book build: " << e.what() << "\n";
    return 2;
  }
  const Book book = builder.build();
  try {
    save_book(book, o.out);
  } catch (const FileWriteError& e) {
    std::cerr << "jiang book build: " << e.what() << "\n";
    return 2;
  }
  std::cout << total.games << " games read, " << total.skipped << " skipped; " << o.out << ": "
            << book.positions() << " positions, " << book.entries().size() << " moves, " << encode(book).size()
            << " bytes" << std::endl;
  return total.games > 0 ? 0 : 1;
}

void print_moves(const Position& pos, const std::vector<BookEntry>& moves, Variety variety) {
  uint64_t total = 0;
  for (const BookEntry& e : moves) total += weight(e.stats);
  std::mt19937_64 unused;
  const std::optional<size_t> best = pick(moves, Variety::Best, unused);
  std::printf("%-6s %-8s %6s %6s %6s %6s %7s %7s %7s\n", "move", "san", "games", "wins", "draws", "losses", "score",
              "weight", "chance");
  for (size_t i = 0; i < moves.size(); ++i) {
    const MoveStats& s = moves[i].stats;
    const double chance = variety == Variety::Best ? (best == i ? 100.0 : 0.0)
                                                   : total ? 100.0 * weight(s) / double(total) : 0.0;
    std::printf("%-6s %-8s %6u %6u %6u %6u %6.1f%% %7u %6.1f%%%s\n", to_string(moves[i].move).c_str(),
                san(pos, moves[i].move).c_str(), s.games(), s.wins, s.draws, s.losses, 100 * score(s), weight(s), chance,
                best == i ? "  (best)" : "");
  }
}

int run_probe(const ProbeOptions& o) {
  const std::optional<Variety> variety = parse_variety(o.variety);
  if (!variety) {
    std::cerr << "jiang book probe: unknown variety '" << o.variety << "' (expected " << kVarietyNames << ")\n";
    return 2;
  }
  Position pos;
  Book book;
  try {
    std::vector<std::string> moves;
    std::istringstream words(o.moves);
    for (std::string w; words >> w;) moves.push_back(w);
    pos = play_moves(o.fen, moves);
    book = o.book.empty() ? builtin_book() : load_book(o.book);
  } catch (const FenError& e) {
    std::cerr << "jiang book probe: bad FEN '" << o.fen << "': " << e.what() << "\n";
    return 2;
  } catch (const MoveError& e) {
    std::cerr << "jiang book probe: " << e.what() << "\n";
    return 2;
  } catch (const BookError& e) {
    std::cerr << "jiang book probe: " << e.what() << "\n";
    return 2;
  }
  const std::vector<BookEntry> moves = legal_book_moves(book, pos);
  std::cout << (o.book.empty() ? "the built-in book" : o.book) << " (" << book.positions() << " positions, "
            << book.entries().size() << " moves), variety " << variety_name(*variety) << "\n";
  if (moves.empty()) {
    std::cout << "not in the book: " << pos.fen() << std::endl;
    return 0;
  }
  print_moves(pos, moves, *variety);
  return 0;
}

}  // namespace

void add_book_command(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("book", "The opening book: build one from games, or look a position up");
  cmd->require_subcommand(1);

  auto build = std::make_shared<BuildOptions>();
  CLI::App* b = cmd->add_subcommand(
      "build", "Build a book from games (PGN in XBoard's Xiangqi SAN or ICCS, or ICCS move lists one game a line "
               "with the result last): per position and move, the games' results for the mover");
  b->add_option("--pgn", build->pgn, "game files (PGN or ICCS move lists)")->required()->expected(1, -1);
  b->add_option("--max-ply", build->max_ply, "count moves before this ply of the game (default 16)")
      ->check(CLI::Range(1, 1000));
  b->add_option("--min-games", build->min_games, "drop moves played in fewer games (default 3)")
      ->check(CLI::Range(1, 1000000));
  b->add_option("--out", build->out, "the book file to write")->required();
  b->callback([build, &exit_code] { exit_code = run_build(*build); });

  auto probe = std::make_shared<ProbeOptions>();
  CLI::App* p = cmd->add_subcommand("probe", "A position's book moves: games, wins/draws/losses for the mover, "
                                             "score, and the weight and chance the engine would play them with");
  p->add_option("-f,--fen", probe->fen, "the position (default: the start position)");
  p->add_option("--moves", probe->moves, "ICCS moves played from it first, e.g. \"h2e2 h9g7\"");
  p->add_option("--book", probe->book, "the book file (default: the built-in book)");
  p->add_option("--variety", probe->variety, "best or weighted (default): how the engine picks");
  p->callback([probe, &exit_code] { exit_code = run_probe(*probe); });
}

}  // namespace jiang::book
