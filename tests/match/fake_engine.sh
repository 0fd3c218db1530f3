#!/bin/sh
# A fake UCCI engine for the match tests. It answers the handshake and isready like an engine, and then
# misbehaves on `go` as its first argument says:
#   illegal  answers every go with e0e2 (a general two steps ahead: never legal)
#   crash    plays one sound opening move (h2e2 as Red, h7e7 as Black), then exits at its next go
#   hang     never answers go, nor anything after it
# With a second argument, it first appends its process id to that file (to check later that it is gone).
mode=$1
[ -n "$2" ] && echo $$ >> "$2"
gos=0
position=""
while IFS= read -r line; do
  case $line in
    ucci) echo "id name fake-$mode"; echo "ucciok" ;;
    isready) echo "readyok" ;;
    position*) position=$line ;;
    go*)
      gos=$((gos + 1))
      case $mode in
        illegal) echo "bestmove e0e2" ;;
        crash)
          [ $gos -ge 2 ] && exit 3
          case $position in
            *" moves "*) echo "info depth 1 score 0"; echo "bestmove h7e7" ;;
            *) echo "info depth 1 score 0"; echo "bestmove h2e2" ;;
          esac ;;
        hang) exec sleep 1000 ;;
      esac ;;
    quit) echo "bye"; exit 0 ;;
  esac
done
