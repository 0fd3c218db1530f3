// The out-of-line part of the evaluation's shared state: see kNoCredit in eval_state.h.
#include "eval/eval_state.h"

namespace jiang {

const TermTable kNoCredit{};

}  // namespace jiang
