# The flags the tests are built with, sourced by Scripts/test, Scripts/repeat-tests and Scripts/check-macro-range
# so that one script's build is the next one's (a build with other flags starts again from nothing).
#
# No debug information: nothing in the tests reads it (Swift Testing reports a failure at its source line
# without it), and writing and linking it is a tenth of a debug build's time. Debug a test with a plain
# `swift test`, which builds it in .build with debug information. The index store stays on: SwiftPM finds the
# tests through it on Linux.
TEST_BUILD_FLAGS=(-debug-info-format none)
