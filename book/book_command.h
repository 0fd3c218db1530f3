#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang::book {

// Adds `jiang book build` (a book from the results of games in PGN or ICCS move lists) and `jiang book
// probe` (a position's book moves, their results and weights).
void add_book_command(CLI::App& app, int& exit_code);

}  // namespace jiang::book
