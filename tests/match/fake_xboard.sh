#!/bin/sh
# A fake XBoard-protocol (CECP v2) engine for the match tests. It announces its features (setboard,
# usermove, ping, the xiangqi variant), answers ping, and on its turn misbehaves as its first argument says:
#   illegal     plays e0e2 (a general two steps ahead: never legal)
#   crash       plays one sound opening move (h2e2 as Red, h7e7 as Black), then exits at its next turn
#   hang        never answers, nor anything after its first turn
#   claim       claims a draw by repetition instead of moving
#   claimmove   plays a sound opening move and claims a win for its side in the same breath
#   reject      plays a sound opening move, then calls the opponent's reply illegal ("Illegal move: X")
#   resign      resigns
#   lateforce   plays two sound opening moves and resigns at its third turn; answers `force` with one more
#               move, as Fairy-Stockfish does (the runner must drop it)
# With a second argument, it first appends its process id to that file (to check later that it is gone).
mode=$1
[ -n "$2" ] && echo $$ >> "$2"
received=0   # moves received this game (0: it is Red, from the initial position)
turns=0      # its turns this game
playing=0    # out of force mode: it moves after each opponent's move
side=white   # the side it plays, from the moves received before its `go` (games start at the initial position)
sound() {
  if [ $side = black ]; then move=h7e7; [ $turns -ge 2 ] && move=h9g7
  else move=h2e2; [ $turns -ge 2 ] && move=h0g2; fi
}
turn() {
  turns=$((turns + 1))
  sound
  case $mode in
    illegal) echo "move e0e2" ;;
    crash) [ $turns -ge 2 ] && exit 3; echo "move $move" ;;
    hang) exec sleep 1000 ;;
    claim) echo "1/2-1/2 {Draw by repetition}" ;;
    claimmove) [ $side = white ] && printf 'move %s\n1-0 {White mates}\n' $move || printf 'move %s\n0-1 {Black mates}\n' $move ;;
    reject) echo "move $move" ;;
    lateforce) [ $turns -ge 3 ] && echo "resign" || echo "move $move" ;;
    resign) echo "resign" ;;
  esac
}
while IFS= read -r line; do
  case $line in
    "protover 2") echo 'feature myname="fake-'$mode'" variants="xiangqi" setboard=1 usermove=1 ping=1 done=1' ;;
    ping*) echo "pong ${line#ping }" ;;
    new) received=0; turns=0; playing=0 ;;
    force) [ $mode = lateforce ] && [ $playing = 1 ] && echo "move e0e2"; playing=0 ;;
    go) playing=1; side=white; [ $((received % 2)) = 1 ] && side=black; turn ;;
    usermove*)
      received=$((received + 1))
      if [ $playing = 1 ]; then
        if [ $mode = reject ]; then echo "Illegal move: ${line#usermove }"; else turn; fi
      fi ;;
    quit) exit 0 ;;
  esac
done
