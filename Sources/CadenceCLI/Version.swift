/// The version of the Cadence package, in the one place it is kept: `cadence --version` (and your
/// executable's, made with ``CadenceCommand/main(adding:animations:)``) prints it, and `make release`
/// changes it. Semantic versioning as 0.x packages use it: a breaking change bumps the minor version.
public let cadenceVersion = "0.2.0"
