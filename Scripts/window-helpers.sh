# Shell helpers for scripts that drive a window of `cadence` (the tests under weston and Xvfb, and
# Scripts/desktop-check), which source this file.
#
# launch LOG ARGS…: starts "$CADENCE" ARGS… in the background (standard output dropped, standard error in LOG),
# sets `pid`, and returns once its window is there (`opened LOG`).
launch() {
  local log=$1
  shift
  "$CADENCE" "$@" >/dev/null 2>"$log" &
  pid=$!
  opened "$log"
}

# opened LOG: returns once the run whose standard error goes to LOG has opened its window and said so, and half
# a second later, for the window to be shown: a fixed sleep instead would send input to a window not there yet
# on a loaded machine. After 60 s without that line it prints the log and exits 3. Look an X window up only
# after this (`xdotool search --name Cadence`): `xdotool search --sync` while the window is being made walks
# windows that SDL destroys under it, and Xlib ends it with a BadWindow error.
opened() {
  local log=$1
  for _ in $(seq 1200); do
    grep -q "video driver: " "$log" 2>/dev/null && break
    sleep 0.05
  done
  grep -q "video driver: " "$log" || { echo "the run never opened its window: $(cat "$log")"; exit 3; }
  sleep 0.5
}

# finish LOG: waits for the run (`pid`), prints LOG (the run's standard error) for the caller to read, and exits
# with the run's status.
finish() {
  local status=0
  wait "$pid" || status=$?
  cat "$1"
  exit "$status"
}

# enter RECORDING OUT_X OUT_Y X Y: moves the X pointer out of weston's window, to (OUT_X, OUT_Y), and back in to
# (X, Y) (weston's X11 backend follows the X pointer from an enter event on), again until the run recording to
# RECORDING (--record) has recorded a move: then its window is shown and has the pointer. After 20 s it
# exits 3.
enter() {
  local recording=$1 out_x=$2 out_y=$3 x=$4 y=$5
  for _ in $(seq 40); do
    xdotool mousemove "$out_x" "$out_y"
    sleep 0.1
    xdotool mousemove "$x" "$y"
    wait_for "$recording" '"mouseMoved"' 0.4 && return 0
  done
  echo "the pointer never reached the window: $(cat "$recording" 2>/dev/null)"
  exit 3
}

# wait_for FILE PATTERN [SECONDS]: waits until FILE has a line matching PATTERN (grep -E), for up to SECONDS
# (default 20); returns 1 if it never does.
wait_for() {
  local file=$1 pattern=$2 seconds=${3:-20}
  local tries
  tries=$(awk -v s="$seconds" 'BEGIN { print int(s * 20 + 0.5) }')
  for _ in $(seq "$tries"); do
    grep -qE "$pattern" "$file" 2>/dev/null && return 0
    sleep 0.05
  done
  return 1
}

# drag X Y STEP MOVES PERIOD: presses the left button at (X, Y), moves the pointer MOVES times STEP px to the right,
# PERIOD s apart, then eight shrinking steps (a hand slows down before it stops), and releases. One xdotool process
# sends every move of a drag, so they come as evenly as a mouse's (polled at 125 Hz: PERIOD=0.008); a process per
# move would add its own start-up to each.
drag() {
  local x=$1 y=$2 step=$3 moves=$4 period=$5 share
  local args=()
  xdotool mousemove "$x" "$y"; sleep 0.1
  xdotool mousedown 1; sleep 0.05
  for _ in $(seq "$moves"); do
    x=$((x + step))
    args+=(mousemove "$x" "$y" sleep "$period")
  done
  for share in 85 70 55 45 35 25 15 10; do
    x=$((x + step * share / 100))
    args+=(mousemove "$x" "$y" sleep "$period")
  done
  xdotool "${args[@]}"
  xdotool mouseup 1
}
