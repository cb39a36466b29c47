# Cadence's front door. `make run` and `make test` each set up what they need (Scripts/bootstrap).
SWIFT ?= swift

.PHONY: run test build bootstrap clean shots bench bench-compare bench-build golden soak docs example format lint macro-range \
	desktop-check latency-check repeat-tests api-check release live-bench

bootstrap:
	@bash Scripts/bootstrap

build: bootstrap
	$(SWIFT) build -c release --product cadence

run: build
	@bash Scripts/run $(ARGS)

shots: build
	@bash Scripts/shots

# Both packages' tests: the root's, then Macros/ (`@Entry`, a package of its own so that the root
# depends on no swift-syntax). The child-process tests run the release `cadence` (Scripts/test).
test: bootstrap
	@SWIFT="$(SWIFT)" bash Scripts/test

# Real-display timing that `make test` does not assert (a compositor's or X server's timing on a busy machine
# is a measurement): weston's cadence against the pacer's, a sleeping weston's throttling and SIGTERM latency,
# the pointer on a small fullscreen output, the self-paced pacer under Xvfb and headless. Prints each figure
# against its expectation; exits 1 when one misses. Not part of `make test` or CI.
desktop-check: build
	@bash Scripts/desktop-check

# Pointer-to-display latency under weston by phase, for each frame schedule (--schedule swap, then latch), the
# same real drags in one sitting, and cadence compare of the two: make latency-check [DRAGS=8] [HOG=1]. A
# measurement of this machine, not part of `make test` or CI.
latency-check: build
	@DRAGS=$(or $(DRAGS),5) HOG=$(HOG) bash Scripts/latency-check

# The flake finder: make repeat-tests N=10 [FILTER=Wayland] [HOG=1] [SERIAL=1] runs the tests N times (HOG=1
# keeps one core busy meanwhile; SERIAL=1 runs one test at a time, so that each test's time is its own cost)
# and prints each run's time, the pass count and the slowest tests.
repeat-tests: bootstrap
	@SWIFT="$(SWIFT)" bash Scripts/repeat-tests $(or $(N),10) $(FILTER) $(if $(HOG),--hog) $(if $(SERIAL),--serial)

# The public API of the library products against the last release's (Scripts/last-release): a breaking change
# fails unless CHANGELOG.md's Unreleased section names it and the version's minor is bumped.
api-check: bootstrap
	@SWIFT="$(SWIFT)" bash Scripts/api-check

# make release VERSION=0.2.0: sets the version, runs the API check, `make test` and `make docs`, moves the
# changelog's Unreleased section under the version and commits; prints the tag to push (never pushes).
release: bootstrap
	@bash Scripts/release "$(VERSION)"

# Macros/ accepts swift-syntax 600.0.1..<604.0.0: `make test` resolves the newest, this builds and tests
# the oldest (in .build-syntax-oldest, with a pin that it removes afterwards).
macro-range:
	@SWIFT="$(SWIFT)" bash Scripts/check-macro-range

# Rewrites Assets/golden/hashes.txt from what every scene draws now, and saves the frames in out/golden/
# (look at them before committing the hashes). `make test` checks the hashes.
golden: bootstrap
	CADENCE_GOLDEN_UPDATE=1 $(SWIFT) test --filter everySceneDrawsItsGoldenFrameAfterAFixedDtReplay

# Runs the stress scene headless for MINUTES minutes (default 10), sampling its RSS: out/soak-rss.csv.
soak: build
	@MINUTES="$(MINUTES)" bash Scripts/soak

# The DocC documentation of Cadence, CadenceTesting, Tweening and Harness as a static site in out/docs (fails on a DocC
# warning or an undocumented public symbol; prints the coverage and how to open it).
docs: bootstrap
	@SWIFT="$(SWIFT)" bash Scripts/docs

# Examples/DriveAValue, a package that depends on the Cadence and Tweening products only: builds it (failing
# if that compiled SDL code or needed SDL's development packages) and runs it; then Examples/YourAnimation's
# tests (an animation of its own, checked with CadenceTesting), its --help and its own scene, headless.
example: bootstrap
	@SWIFT="$(SWIFT)" bash Scripts/check-example

# Live edit's save-to-screen time: five minutes of session, then ten edits of Examples/YourAnimation's animation
# (a scratch copy in .build/live-scratch) under `your-animation --live --headless`, each timed from the file's
# write to the first frame of the new build, which replays the session; prints each, then p50 and p90.
# ARGS="--edits 20" for more, ARGS="--history 0" without the session, ARGS=--window under Xvfb.
live-bench: bootstrap
	@SWIFT="$(SWIFT)" python3 Scripts/live-session bench $(ARGS)

# One code format: `swift format` (in the toolchain) with .swift-format, over every Swift file we write
# (not .build directories). `make format` rewrites the files; `make lint` fails on any difference.
SWIFT_FILES = Package.swift Sources Tests Scripts/doc-coverage.swift Benchmarks/Package.swift \
	Benchmarks/Sources Benchmarks/Benchmarks Examples/DriveAValue/Package.swift Examples/DriveAValue/Sources \
	Macros/Package.swift Macros/Sources Macros/Tests Examples/YourAnimation/Package.swift \
	Examples/YourAnimation/Sources Examples/YourAnimation/Tests
format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FILES)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)

# Measurements, not tests: never part of `make test`. Writes Benchmarks/RESULTS.md from each suite's fastest
# of ROUNDS rounds (default 3).
bench: bootstrap
	@ROUNDS="$(ROUNDS)" BENCH_CPU="$(BENCH_CPU)" SWIFT="$(SWIFT)" bash Scripts/bench

# A past revision's suites and the working tree's, run alternately in one sitting and shown side by side
# (Scripts/bench-compare): make bench-compare BASE=e566829 ARGS="--rounds 3 --target ModelBenchmarks".
bench-compare: bootstrap
	@test -n "$(BASE)" || { echo "usage: make bench-compare BASE=<revision> [ARGS=\"--rounds N --target ...\"]" >&2; exit 1; }
	@BENCH_CPU="$(BENCH_CPU)" SWIFT="$(SWIFT)" bash Scripts/bench-compare "$(BASE)" $(ARGS)

# Compiles the benchmark package without running it, so CI notices when it stops building, and checks
# the report's comparison and the CPU the runs are kept on.
# (Touching the manifest makes SwiftPM rescan ../Sources for added files; see Scripts/bench.)
bench-build: bootstrap
	cd Benchmarks && touch Package.swift && $(SWIFT) build -c release
	@SWIFT="$(SWIFT)" bash Scripts/check-bench-report
	@bash Scripts/check-bench-cpu

clean:
	rm -rf .build out Benchmarks/.build Macros/.build .build-syntax-oldest Examples/*/.build
