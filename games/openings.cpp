#include "games/openings.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "movegen/movegen.h"
#include "movegen/position.h"

namespace jiang::games {

std::vector<std::string> read_openings(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw OpeningsError("cannot read openings " + path.string() + ": it is a directory");
  std::ifstream in(path);
  if (!in) throw OpeningsError("cannot read openings " + path.string() + ": " + std::strerror(errno));
  std::vector<std::string> fens;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    line = line.substr(0, line.find(';'));  // an EPD-like "; id ..." tail is not part of the FEN
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const std::string fen = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
    const std::string where = path.string() + ":" + std::to_string(line_number) + ": ";
    Position pos;
    try {
      pos = Position::from_fen(fen);
    } catch (const FenError& e) {
      throw OpeningsError(where + "invalid FEN '" + fen + "': " + e.what());
    }
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) throw OpeningsError(where + "the side to move has no legal move in '" + fen + "'");
    fens.push_back(pos.fen());
  }
  if (fens.empty()) throw OpeningsError("openings " + path.string() + " holds no FEN");
  return fens;
}

const std::vector<std::string>& builtin_openings() {
  // Common first moves for both sides (central cannon, elephant, horse and pawn openings and the replies
  // to them), each four plies deep, Red to move.
  static const std::vector<std::string> openings = {
      "r1bakab1r/4n4/1c4nc1/p1p1p1p1p/9/6P2/P1P1P3P/B3C2C1/9/RN1AKABNR w - - 6 4",
      "rnbakab1r/9/1c4nc1/p3p3p/2p3p2/7C1/P1P1P1P1P/1CN6/4A4/R1B1KABNR w - - 6 4",
      "r1bakabnr/9/1cn1c4/1Cp1p1pCp/p8/9/P1P1P1P1P/2N6/9/R1BAKABNR w - - 6 4",
      "rnbakabnr/9/1c7/p3p3p/2p3pc1/P8/2P1P1P1P/1C2B2C1/4A4/RN1AK1BNR w - - 6 4",
      "r1bak1bnr/4a4/1cn4c1/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B2C1/9/R2AKABNR w - - 6 4",
      "rnbakab1r/9/1cc3n2/pCp1p3p/6p2/9/P1P1P1P1P/4C4/4A4/RNB1KABNR w - - 6 4",
      "rn2kabnr/4a4/1c2b2c1/p1p1p3p/6p2/8P/P1P1P1P2/1C2B1NC1/9/RN1AKAB1R w - - 6 4",
      "2bakabnr/r8/1cn4c1/p3p1p1p/2p6/1C7/P1P1P1P1P/2N3NC1/9/R1BAKAB1R w - - 6 4",
      "rnbaka2r/9/1c2b1nc1/p3p1p1p/2p6/7C1/P1P1P1P1P/1C4N2/4A4/RNBAK1B1R w - - 6 4",
      "rnbaka1nr/9/1c2b1c2/p3p1p1p/2p6/P8/2P1P1P1P/1CN4C1/4A4/R1B1KABNR w - - 6 4",
      "rnbakabnr/9/1c7/p1p1p1p1p/4c4/1C7/P1P3P1P/4B2C1/4A4/RNB1KA1NR w - - 2 4",
      "rnb1kab1r/4a4/1c4nc1/p1p1p3p/6p2/2P5P/P3P1P2/1C4NC1/9/RNBAKAB1R w - - 6 4",
      "r2akabnr/9/1cn1b4/p1p1p1p1p/7c1/9/P1P1P1P1P/1CN4C1/R3A4/2BAK1BNR w - - 6 4",
      "rnbak1b1r/4a4/1c4n2/p1p1p1p1p/7c1/7C1/P1P1P1P1P/1C2B4/4A4/RNBAK2NR w - - 6 4",
      "r1bakab1r/9/1cn3nc1/p3p1p1p/2p6/7C1/P1P1P1P1P/1CN6/4A4/R1B1KABNR w - - 6 4",
      "rnbakabnr/9/1c4c2/p1p1p3p/9/6p2/P1P1P3P/1CN3NC1/9/R1BAKAB1R w - - 0 4",
  };
  return openings;
}

}  // namespace jiang::games
