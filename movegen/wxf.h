// Xiangqi's own move notation, as players read it: WXF ("C2.5", "H8+7") and the Chinese characters
// it transcribes ("炮二平五", "馬８進７"). A move names the piece, the file it stands on counted from the
// mover's right (1-9), the direction (+ forward, - back, . sideways) and either the file it reaches or,
// for a straight move along its file, the number of points. Two pieces of a kind on one file are told
// apart as front and rear (+ and -), and pawns, which can stand three to five on a file or two on two
// files, by the rules of the WXF notation page (www.wxf.org/xq/computer/wxf_notation.html).
#pragma once

#include <string>
#include <string_view>

#include "movegen/position.h"

namespace jiang {

// The traditional characters, red and black: 帥仕相傌俥炮兵 against 將士象馬車砲卒.
std::string_view piece_glyph(Piece p);

// The move in WXF letters: K A E H R C P, '.' for a sideways move. `m` must be legal in `pos`.
std::string wxf(const Position& pos, Move m);

// The same in Chinese: the mover's own piece characters, 進 退 平, 前 中 後 for pieces on one file (一
// to 五 from the front for four or five pawns), Red's numbers in characters (一 to 九) and Black's in
// full-width digits (１ to ９), as Chinese books print them.
std::string chinese_notation(const Position& pos, Move m);

}  // namespace jiang
