/// A number of seconds, as in Foundation: the unit of every time an animation is given.
///
/// Declared here so that `Cadence` needs no Foundation; with Foundation imported as well, both names
/// denote `Double` and do not conflict.
public typealias TimeInterval = Double
