#!/bin/sh
# A fake UCCI engine for the match tests. It answers the handshake and isready like an engine, and then
# misbehaves on `go` as its first argument says:
#   illegal  answers every go with e0e2 (a general two steps ahead: never legal)
#   nomove   answers every go with nobestmove (as ElephantEye does where it counts the game over)
#   crash    plays one sound opening move (h2e2 as Red, h7e7 as Black), then exits at its next go
#   hang     never answers go, nor anything after it
#   ponder   plays one sound opening move (as crash) expecting a reply jiang does not play (a9a8 as Red,
#            a0a1 as Black), answers `stop` of its ponder search with e0e2 (never legal: the runner must
#            drop it), then resigns at its next go
#   deaf     as ponder, but never answers that `stop`
#   overrun  plays one sound opening move (as crash) a tenth of a second after its clock ran out (UCCI `go
#            time T` in seconds), then resigns at its next go
# With a second argument, it first appends its process id to that file (to check later that it is gone).
mode=$1
[ -n "$2" ] && echo $$ >> "$2"
gos=0
position=""
while IFS= read -r line; do
  case $line in
    ucci) echo "id name fake-$mode"; echo "ucciok" ;;
    isready) gos=0; echo "readyok" ;;  # before each game: a game's first go counts 1
    position*) position=$line ;;
    go\ ponder*)
      [ "$mode" = deaf ] && exec sleep 1000
      pondering=1 ;;
    stop) [ -n "$pondering" ] && echo "bestmove e0e2"; pondering="" ;;
    go*)
      gos=$((gos + 1))
      case $mode in
        illegal) echo "bestmove e0e2" ;;
        nomove) echo "nobestmove" ;;
        crash)
          [ $gos -ge 2 ] && exit 3
          case $position in
            *" moves "*) echo "info depth 1 score 0"; echo "bestmove h7e7" ;;
            *) echo "info depth 1 score 0"; echo "bestmove h2e2" ;;
          esac ;;
        hang) exec sleep 1000 ;;
        overrun)
          [ $gos -ge 2 ] && { echo "bestmove a0a1 resign"; continue; }
          clock=$(echo "$line" | sed -n 's/.* time \([0-9.]*\).*/\1/p')
          sleep "$(awk "BEGIN { print $clock + 0.1 }")"
          case $position in
            *" moves "*) echo "bestmove h7e7" ;;
            *) echo "bestmove h2e2" ;;
          esac ;;
        ponder|deaf)
          [ $gos -ge 2 ] && { echo "bestmove a0a1 resign"; continue; }
          case $position in
            *" moves "*) echo "bestmove h7e7 ponder a0a1" ;;
            *) echo "bestmove h2e2 ponder a9a8" ;;
          esac ;;
      esac ;;
    quit) echo "bye"; exit 0 ;;
  esac
done
