import Harness
import HarnessSDL
print("cadence")
