# Sourced by Scripts/bench and Scripts/bench-compare: sets `bench_cpu_id`, the CPU benchmark runs are kept
# on (empty when they are not pinned), and `bench_cpu`, the command prefix that keeps them there
# (`taskset -c N`, or nothing). Scripts/check-bench-cpu checks the choice.
#
# Every suite runs in a process of its own while the runner's own processes work beside it (the tool
# that collects its results, SwiftPM around that). Left to the scheduler on a virtual machine, whose
# CPUs may share physical cores without saying so, a suite's process was much slower in some runs than
# in others; kept on one CPU, runs agreed. BENCH_CPU chooses the CPU (a number), or `any` lets the
# system place the runs; by default the last CPU this process may use.
bench_cpu_id=""
case "${BENCH_CPU:-}" in
  any) ;;
  "" | [0-9] | [0-9][0-9] | [0-9][0-9][0-9])
    if ! command -v taskset >/dev/null 2>&1; then
      [ -z "${BENCH_CPU:-}" ] || { echo "bench: BENCH_CPU needs taskset (util-linux), which is not installed" >&2; exit 2; }
      echo "bench: taskset (util-linux) is not installed: the suites run on whichever CPU the system picks" >&2
    elif [ -n "${BENCH_CPU:-}" ]; then
      taskset -c "$BENCH_CPU" true 2>/dev/null \
        || { echo "bench: BENCH_CPU=$BENCH_CPU is not a CPU this process may use ($(taskset -cp $$ | sed 's/.*: //'))" >&2; exit 2; }
      bench_cpu_id=$BENCH_CPU
    else
      # The affinity list's last number: "0,1" gives 1, "0-3" gives 3.
      allowed=$(taskset -cp $$ | sed 's/.*: //')
      bench_cpu_id=${allowed##*[,-]}
    fi
    ;;
  *)
    echo "bench: BENCH_CPU must be a CPU number or 'any', not '$BENCH_CPU'" >&2
    exit 2
    ;;
esac
bench_cpu=()
[ -z "$bench_cpu_id" ] || bench_cpu=(taskset -c "$bench_cpu_id")
