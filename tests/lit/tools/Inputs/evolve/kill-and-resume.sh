#!/bin/sh
# kill-and-resume.sh GEVO_EVOLVE RUN_DIR ARGS...
# Starts `GEVO_EVOLVE ARGS... --out RUN_DIR`, kills it with SIGKILL while a
# generation after the first checkpoint is being built, checks that none of
# its sandbox workers outlives it, then resumes the run to its end.
set -u
evolve=$1 dir=$2
shift 2
"$evolve" "$@" --out "$dir" -q > /dev/null 2>&1 &
pid=$!
# The checkpoint after generation 1 exists once generations.csv has its
# header and two rows; wait for that and for the next generation to start.
until [ -f "$dir/checkpoint" ] && [ "$(wc -l < "$dir/generations.csv")" -ge 3 ]; do
  if ! kill -0 $pid 2> /dev/null; then
    echo "kill-and-resume: the run ended before it could be killed" >&2
    exit 1
  fi
  sleep 0.02
done
lines=$(wc -l < "$dir/log.jsonl")
until [ "$(wc -l < "$dir/log.jsonl")" -gt "$lines" ]; do sleep 0.01; done
if ! kill -9 $pid 2> /dev/null; then
  echo "kill-and-resume: the run ended before it could be killed" >&2
  exit 1
fi
wait $pid 2> /dev/null
echo "kill-and-resume: killed after $(wc -l < "$dir/log.jsonl") evaluations" >&2
# Workers notice their server's death and exit; give them a moment.
for _ in 1 2 3 4 5 6 7 8 9 10; do
  pgrep -f -- "--out $dir" > /dev/null || break
  sleep 0.2
done
if pgrep -f -- "--out $dir" > /dev/null; then
  echo "kill-and-resume: processes of the killed run are still alive" >&2
  exit 1
fi
exec "$evolve" --resume "$dir" -q > /dev/null
