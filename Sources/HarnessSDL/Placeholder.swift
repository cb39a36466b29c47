import Harness
