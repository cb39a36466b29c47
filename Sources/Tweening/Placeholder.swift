import Cadence
