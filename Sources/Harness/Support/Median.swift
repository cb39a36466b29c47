extension Array where Element == UInt64 {
    /// The median (the upper one of an even count; 0 for none), sorted in `scratch`: a buffer kept from call to
    /// call, so that a median taken every frame allocates nothing.
    func median(sortingIn scratch: inout [UInt64]) -> UInt64 {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: self)
        scratch.sort()
        return scratch.isEmpty ? 0 : scratch[scratch.count / 2]
    }
}
